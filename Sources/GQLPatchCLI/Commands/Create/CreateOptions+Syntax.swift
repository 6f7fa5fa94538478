import GQLPatchSchema
import GQLPatchSupport

extension CreateOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `create <Model> (--set F=V | --set F:=JSON | --set F=@PATH | --patch PATH|-)... [--if-absent] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "create", summary: "create <Model> --set F=V...        create one record (retry-safe)",
        help: HelpText.create, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var create = CreateOptions(model: try CommandLineParser.modelName(positionals, command: "create"))
        try OptionBinding.apply(bindings, options, to: &create)
        if create.next == nil, !create.parent.isEmpty {
            throw .usage(
                "create takes --key with --next only (the parent of a sequence); give the key fields with --set")
        }
        if create.next == nil, create.start != nil { throw .usage("--start needs --next") }
        if create.next != nil, create.parent.isEmpty {
            throw .usage("--next needs --key FIELD=VALUE: the parent whose sequence the record joins")
        }
        if create.next != nil, create.ifAbsent { throw .usage("--if-absent cannot be given with --next") }
        if create.values.isEmpty, create.patch == nil {
            throw .usage("create needs the record's values: --set FIELD=VALUE or --patch FILE")
        }
        try CommandLineParser.checkStandardInputReadOnce(create.values, patch: create.patch)
        return create
    }

    /// `create`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<CreateOptions>] = [

        .set("VALUE typed by the schema", section: "Values", \.values),
        .patch("a JSON object of values, applied before the flags", section: "Values", \.patch),
        .flag(OptionName.ifAbsent, "a record with that key already there is not an error: print it", sets: \.ifAbsent),
        .select("the fields to print", \.select),
        .parent("the parent: the partition key of the key that sorts --next's field", section: "Sequence", \.parent),
        .once(
            OptionName.next, "FIELD", "number the record one past the parent's largest FIELD (tombstones included)",
            section: "Sequence", completes: .field(.nonModel), read: .fieldName, into: \.next),
        .value(
            OptionName.start, "N", "the number when the parent has no records yet (default 1)", section: "Sequence",
            read: .whole(in: -NumericLimits.graphQLIntMax...NumericLimits.graphQLIntMax), into: \.start),
    ]

    /// `create`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        try await CreateCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
