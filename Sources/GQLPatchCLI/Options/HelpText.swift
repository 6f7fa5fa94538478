/// The `--help` texts. Help goes to stdout with exit 0.
public enum HelpText {
    public static func text(for topic: String?) -> String {
        guard let topic, let syntax = CommandSyntax.named(topic) else { return overview }
        return syntax.help
    }

    package static let globalOptions = """
        Global options (before or after the command):
          --endpoint URL              GraphQL endpoint (env GQLPATCH_ENDPOINT, else the config file)
          --schema PATH               compiled AppSync SDL, Amplify source SDL, or amplify_outputs.json
                                      (env GQLPATCH_SCHEMA, else ./schema.graphql, else the config's
                                      model introspection)
          --config PATH               amplify_outputs.json or amplifyconfiguration.json
                                      (default: whichever of the two is in the working directory)
          --auth MODE                 api-key | iam | user-pool | oidc | lambda | none (env GQLPATCH_AUTH)
          --api-key KEY               API key, sent as x-api-key (env GQLPATCH_API_KEY)
          --token TOKEN               token for user-pool, oidc, lambda, sent raw in Authorization
                                      (env GQLPATCH_TOKEN)
          --region REGION             AWS region for iam (env AWS_REGION, AWS_DEFAULT_REGION; default:
                                      from the endpoint host, else the profile)
          --profile NAME              AWS profile for iam (env AWS_PROFILE)
          --header 'Name: value'      extra HTTP header; repeatable
          --timeout SECONDS           per request (default 30; 0.001 to 86400)
          --conflict-resolution auto|on|off
                                      send _version (auto: when the schema has it; default auto)
          --retry-conflicts N         retries after a version conflict (default 3; 0 to 100)
          --dry-run                   send nothing; print the planned requests (secrets redacted)
          --output record|envelope    print the record (default) or the whole GraphQL response
          --compact | --pretty        JSON layout (default: pretty on a terminal, compact otherwise)
          --verbose                   say which config and schema were read, trace requests and
                                      responses on stderr (secrets redacted)
          --allow-insecure-http       allow credentials over plain http:// to a host that is not loopback
          --max-response-mb N         refuse responses larger than N MB (default 64, 1 to 4096)
          --help, -h                  this help
          --version                   the version
        """

    package static let exitCodes = """
        Exit codes:
          0  done (also: nothing to change)      64  usage: unknown flag, missing value, no command
          1  GraphQL errors of any other kind    65  input does not fit the schema
          2  conflict or failed condition        66  a file named on the command line cannot be read
          3  not found: no record for that key   69  endpoint unreachable, timeout, HTTP 5xx
          4  apply: some lines failed            74  stdout cannot be written (disk full, closed)
                                                 75  throttled (HTTP 429)
                                                 76  the response is not a GraphQL JSON response
                                                 77  HTTP 401/403 or Unauthorized
                                                 78  configuration: no endpoint, schema error, no credentials
          130  interrupted (Ctrl-C)              143  terminated (SIGTERM)
        """

    package static var overview: String {
        """
        gqlpatch: partial updates to AWS AppSync (Amplify) GraphQL records.

        Usage: gqlpatch [global options] <command> [options]

        Commands:
        \(CommandSyntax.all.map { "  " + $0.summary }.joined(separator: "\n"))

        Run 'gqlpatch <command> --help' for a command's options and examples.

        \(globalOptions)

        \(exitCodes)

        """
    }

    package static let update = """
        Usage: gqlpatch [global options] update <Model> <key> <change>... [<condition>...]

        Sends an update mutation that carries only the key and the fields you name: fields you do
        not name are left alone on the server. Values are typed by the schema. For versioned models
        (conflict resolution on) the record's _version is fetched first and conflicts are retried.
        Prints the updated record as JSON.

        Key:
          --id VALUE                  the primary key when it is one field, whatever its name
          --key FIELD=VALUE           one primary-key field; repeat for composite keys
        Changes:
          --set FIELD=VALUE           VALUE typed by the schema ("00123" stays a string for String)
          --set FIELD:=JSON           a literal JSON value: tags:='["a","b"]', count:=3, name:='"@x"'
          --set FIELD=@PATH           the value read from a file (@- for standard input)
          --unset FIELD               send null, which removes the attribute (refused for a required field)
          --patch PATH|-              a JSON object of changes (null = unset), applied before the flags
        Conditions:
          --if FIELD=VALUE            only if FIELD currently equals VALUE; repeat for AND
                                      (FIELD:=null: only if FIELD is absent or null)
          --expect-version N          only if the record's _version is N
          --select FIELD,...          the fields to return (default: every scalar, enum and non-model
                                      object field, plus _version/_deleted/_lastChangedAt when versioned)

        Examples:
          gqlpatch update Item --id 42 --set name=Lamp --set imageFile=@image.json
          gqlpatch update RecipeStep --key recipeID=r1 --key rowID=3 --set quantity=2.5 --unset action
          gqlpatch update Item --id 42 --set tags:='["a","b"]' --if name=Lamp | jq -r .name
          jq -n '{name: "Desk", description: null}' | gqlpatch update Item --id 42 --patch -

        \(globalOptions)

        \(exitCodes)

        """
}
