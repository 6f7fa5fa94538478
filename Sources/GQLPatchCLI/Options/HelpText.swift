/// The `--help` texts. Help goes to stdout with exit 0.
public enum HelpText {
    public static func text(for topic: String?) -> String {
        guard let topic, let syntax = CommandSyntax.named(topic) else { return overview }
        return syntax.help
    }

    /// The global options' list, from `GlobalOptions.table`.
    package static let globalOptions = GlobalOptions.table.helpList

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

        \(UpdateOptions.optionTable.helpList)

        Examples:
          gqlpatch update Item --id 42 --set name=Lamp --set imageFile=@image.json
          gqlpatch update RecipeStep --key recipeID=r1 --key rowID=3 --set quantity=2.5 --unset action
          gqlpatch update Item --id 42 --set tags:='["a","b"]' --if name=Lamp | jq -r .name
          jq -n '{name: "Desk", description: null}' | gqlpatch update Item --id 42 --patch -

        \(globalOptions)

        \(exitCodes)

        """
}
