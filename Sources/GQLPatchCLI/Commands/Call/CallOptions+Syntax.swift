import GQLPatchOperations
import GQLPatchSupport
import JSON

extension CallOptions: CommandDefinition {
    /// `call <operation> [--arg N=V | --arg N:=JSON | --arg N=@PATH]... [--select PATHS]` | `call --list [--json]`
    package static let syntax = CommandSyntax(
        name: "call",
        summary: "call <operation> [--arg N=V]...    call a custom query or mutation, typed by the schema",
        help: HelpText.call, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var call = CallOptions()
        try OptionBinding.apply(bindings, options, to: &call)
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])' (arguments go with --arg NAME=VALUE)")
        }
        call.operation = positionals.first
        if call.list {
            if call.operation != nil || !call.arguments.isEmpty || call.select != nil {
                throw .usage("--list lists the operations; give it alone (with --json)")
            }
        } else {
            if call.operation == nil {
                throw .usage(
                    "call needs an operation: gqlpatch call <operation> --arg NAME=VALUE ... (gqlpatch call --list names them)"
                )
            }
            if call.json { throw .usage("--json goes with --list") }
        }
        try CommandLineParser.checkStandardInputReadOnce(call.arguments, patch: nil)
        return call
    }

    /// `call`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<CallOptions>] = [
        .namedValues(
            OptionName.arg, "VALUE typed by the argument's type (an enum's value checked)",
            json: "a literal JSON value (an input object, a list, AWSJSON)", kind: "an argument", \.arguments),
        .select("the fields of the result to print (default: its scalars and objects, 3 deep)", \.select),
        .flag(
            OptionName.idempotent,
            "safe to send twice: retry a lost answer or a 5xx (a mutation is otherwise sent once)",
            sets: \.idempotent),
        .flag(OptionName.list, "print each custom query and mutation with its arguments; send nothing", sets: \.list),
        .flag(OptionName.json, "with --list: one JSON array of {name, kind, arguments, returns}", sets: \.json),
    ]

    /// `call`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let local = list || describe  // read from the schema alone
        let settings = try await run.settings(requireEndpoint: !local, sending: local ? .never : .unlessDryRun)
        var command = CallCommand(options: self, settings: settings, context: run.context)
        command.confirmWrite = { (settings) throws(GQLPatchError) in try run.confirmWrite(settings) }
        try await command.run()
        return .success
    }
}
