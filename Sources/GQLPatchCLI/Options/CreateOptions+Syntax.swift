import GQLPatchSchema
import GQLPatchSupport

extension CreateOptions: CommandDefinition {
    /// `create <Model> (--set F=V | --set F:=JSON | --set F=@PATH | --patch PATH|-)... [--if-absent] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "create", summary: "create <Model> --set F=V...        create one record (retry-safe)",
        help: HelpText.create, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var create = CreateOptions(model: try CommandLineParser.modelName(positionals, command: "create"))
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--set": create.values.append(try CommandLineParser.assignment(value, option: option.name))
            case "--patch":
                if create.patch != nil { throw .usage("--patch given twice") }
                create.patch = value
            case "--select":
                create.select = (create.select ?? []) + (try CommandLineParser.fieldList(value, option: option.name))
            case "--if-absent": create.ifAbsent = true
            case "--key": create.parent.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--next":
                if create.next != nil { throw .usage("--next given twice") }
                guard FieldName.isValid(value) else { throw .usage("--next expects a field name, got '\(value)'") }
                create.next = value
            case "--start":
                create.start = try CommandLineParser.wholeNumber(
                    value, option: option.name, in: -NumericLimits.graphQLIntMax...NumericLimits.graphQLIntMax)
            default: break
            }
        }
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

    /// `create`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .value(
            "--set", "FIELD=VALUE", "VALUE typed by the schema", repeats: true,
            moreForms: [
                .init(valueName: "FIELD:=JSON", help: "a literal JSON value"),
                .init(valueName: "FIELD=@PATH", help: "the value read from a file (@- for standard input)"),
            ], section: "Values"),
        .value("--patch", "PATH|-", "a JSON object of values, applied before the flags", section: "Values"),
        .flag("--if-absent", "a record with that key already there is not an error: print it"),
        .select("the fields to print"),
        .value(
            "--key", "FIELD=VALUE", "the parent: the partition key of the key that sorts --next's field",
            repeats: true, section: "Sequence"),
        .value(
            "--next", "FIELD", "number the record one past the parent's largest FIELD (tombstones included)",
            section: "Sequence"),
        .value("--start", "N", "the number when the parent has no records yet (default 1)", section: "Sequence"),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        try await CreateCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
