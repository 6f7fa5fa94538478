/// The `--help` texts. Help goes to stdout with exit 0.
public enum HelpText {
    public static func text(for topic: String?) -> String {
        if topic == globalsTopic { return globals }
        if let topic, topic.hasPrefix("auth "), let page = auth(action: String(topic.dropFirst(5))) { return page }
        guard let topic, let syntax = CommandSyntax.named(topic) else { return overview }
        return syntax.help
    }

    /// `gqlpatch help globals`: the options every command takes, and the exit codes.
    package static let globalsTopic = "globals"

    /// What every command's help ends with, in place of the shared options and exit codes (so a
    /// command's own options stay on one screen).
    package static let globalsPointer = """
        Global options (--endpoint, --api-key, --auth, --schema, --dry-run, ..., before or after the
        command) and exit codes: gqlpatch help globals
        """

    package static var globals: String {
        """
        Usage: gqlpatch [global options] <command> [options]

        Every command takes these, before or after the command's name. Where an option has an
        environment variable, the option wins. 'gqlpatch <command> --help' shows a command's own.

        \(globalOptions)

        \(environment)

        \(exitCodes)

        """
    }

    /// The global options' list, from `GlobalOptions.table`.
    package static let globalOptions = GlobalOptions.table.helpList

    package static let exitCodes = """
        Exit codes:
          0  done (also: nothing to change)      64  usage: unknown flag, missing value, no command
          1  GraphQL errors of any other kind    65  input does not fit the schema
          2  conflict or failed condition        66  a file named on the command line cannot be read
          3  not found: no record for that key   69  endpoint unreachable, timeout, HTTP 5xx
          4  apply: some lines failed            74  stdout cannot be written (disk full)
          124  watch, wait: --timeout passed     75  throttled (HTTP 429)
                                                 76  the response is not a GraphQL JSON response
                                                 77  HTTP 401/403 or Unauthorized
                                                 78  configuration: no endpoint, schema error, no credentials
          130  interrupted (Ctrl-C)              143  terminated (SIGTERM)
          141  the reader closed stdout early (| head): a quiet end
        """

    package static var overview: String {
        """
        gqlpatch: partial updates to AWS AppSync (Amplify) GraphQL records.

        Usage: gqlpatch [global options] <command> [options]

        Commands:
        \(commandList)

        Run 'gqlpatch <command> --help' (or 'gqlpatch help <command>') for a command's options and
        examples.

        Pointing it at an API: run it in an Amplify project folder (amplify_outputs.json or
        amplifyconfiguration.json), or set GQLPATCH_ENDPOINT and GQLPATCH_API_KEY (or --auth iam,
        GQLPATCH_TOKEN), or pass --config PATH. The schema: --schema PATH, GQLPATCH_SCHEMA, or
        ./schema.graphql.

        \(globalsPointer)

        """
    }

    /// Each command's synopsis and what it does, in two aligned columns.
    package static var commandList: String {
        let rows = CommandSyntax.all.map { syntax -> (String, String) in
            guard let gap = syntax.summary.firstRange(of: "  ") else { return (syntax.summary, "") }
            return (
                String(syntax.summary[..<gap.lowerBound]),
                syntax.summary[gap.upperBound...].trimmingPrefix(while: { $0 == " " }).description
            )
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { synopsis, text in
            "  " + synopsis + String(repeating: " ", count: width - synopsis.count + 2) + text
        }.joined(separator: "\n")
    }

    package static let update = """
        Usage: gqlpatch [global options] update <Model> (<key> | --where ... | --all) <change>...

        Sends an update that carries only the key and the fields you name, typed by the schema: fields
        you do not name are left alone. A versioned model's _version is fetched first and conflicts
        are retried. Prints the updated record as JSON.

        \(UpdateOptions.optionTable.helpList)

        Examples:
          gqlpatch update Item --id 42 --set name=Lamp --set imageFile=@image.json
          gqlpatch update RecipeStep --key recipeID=r1 --key rowID=3 --set quantity=2.5 --unset action
          gqlpatch update Item --id 42 --set imageFile.key=photos/42.png --add tags=sale
          gqlpatch get Item --id 42 | jq '.name = "Desk"' | gqlpatch update Item --id 42 --patch -
          gqlpatch update Item --where description=draft --set description=final --yes

        \(globalsPointer)

        """

    package static let edit = """
        Usage: gqlpatch [global options] edit <Model> <key> [--unguarded]

        Opens the record's writable fields as indented JSON in $VISUAL, else $EDITOR, else vi (a file
        of mode 0600 in a folder of its own). On save, the JSON is typed by the update input and only
        the fields that changed are sent, guarded by the version read (unversioned: updatedAt as
        read). An invalid edit reopens the editor with the error at the top; an editor that exits
        non-zero gives up (exit 1, nothing sent). When someone wrote the record meanwhile, nothing is
        written (exit 2) and the edited file is kept: its path is on stderr. An unchanged file sends
        nothing (exit 0).

        \(EditOptions.optionTable.helpList)

        Examples:
          gqlpatch edit Item --id 42
          EDITOR='code --wait' gqlpatch edit RecipeStep --key recipeID=r1 --key rowID=3

        \(globalsPointer)

        """

    package static let upsert = """
        Usage: gqlpatch [global options] upsert <Model> <key> <change>... [--select FIELD,...]

        Updates the record with that key as `update` does, or, when there is none, creates it with
        the key and the changes (edits start from an empty record: a counter from 0, a list from []).
        Every value is checked against both the update and the create input (required fields
        included) before anything is sent. Race-safe: an update that finds no record becomes a
        create, and a create that finds the record created meanwhile becomes an update, so
        concurrent upserts of one new key make one record. Says on stderr which it did.

        \(UpsertOptions.optionTable.helpList)

        Examples:
          gqlpatch upsert Item --id 42 --set name=Lamp --add tags=new
          gqlpatch upsert RecipeStep --key recipeID=r1 --key rowID=4 --set action=Serve --set quantity=1

        \(globalsPointer)

        """
}
