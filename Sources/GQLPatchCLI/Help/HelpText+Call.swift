/// The `--help` text of `call`.
extension HelpText {
    package static let call = """
        Usage: gqlpatch [global options] call <operation> [--arg NAME=VALUE]... [--select FIELD,...]
               gqlpatch [global options] call --list [--json]

        Calls a custom query or mutation (a @function, @http or custom resolver; Gen 2's a.query()
        and a.mutation()) by name, with a document made from the schema: each --arg becomes a
        variable of the argument's own type (scalars, enums, AWSJSON, input objects and lists typed
        and checked as --set is; required arguments enforced), and the selection covers the return
        type's scalars, enums and objects, 3 deep (--select narrows or deepens it). Prints the
        operation's value as JSON. Nothing is sent when an argument is unknown, missing or wrong
        (exit 65). A mutation is never sent twice by a retry (unless --idempotent): its answer lost,
        it may or may not have been applied (exit 69).

        \(CallOptions.optionTable.helpList)

        The operations are read from the schema: the compiled one (gqlpatch schema pull), the Amplify
        source schema's own type Query and type Mutation, or amplify_outputs.json's. `gqlpatch call
        <operation> --help` describes one: its arguments, their types and values, what it returns.
        Many calls at once: apply lines {"op": "call", "operation": NAME, "args": {...}} (apply --help).

        Examples:
          gqlpatch call --list
          gqlpatch call publishItem --help
          gqlpatch call echo --arg msg=hello
          gqlpatch call publishItem --arg id=42 --arg status=DONE --arg meta:='{"by":"ci"}'

        \(globalsPointer)

        """
}
