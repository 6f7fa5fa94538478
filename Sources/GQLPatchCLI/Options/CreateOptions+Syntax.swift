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
            default: break
            }
        }
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
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        try await CreateCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
