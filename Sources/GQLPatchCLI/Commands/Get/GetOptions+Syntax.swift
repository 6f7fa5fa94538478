import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension GetOptions: CommandDefinition {
    package var printsRows: Bool { true }

    /// `get <Model> (--id V | --key F=V...) [--select ...] [--include-deleted]`
    package static let syntax = CommandSyntax(
        name: "get", summary: "get <Model> <key>                  print one record",
        help: HelpText.get, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "get", keyed: options)
        var given = KeyedOptions(GetOptions(model: model, key: .fields([])))
        try OptionBinding.apply(bindings, options, to: &given)
        return try given.resolved(command: "get", key: \.key)
    }

    /// `get`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<KeyedOptions<GetOptions>>] = [
        .id(\.id), .key(\.keys),
        .select("the fields to print (default: every scalar, enum and non-model field)", \.options.select),
        .flag(OptionName.includeDeleted, "print a soft-deleted record too", sets: \.options.includeDeleted),
    ]

    /// `get`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        try await GetCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
