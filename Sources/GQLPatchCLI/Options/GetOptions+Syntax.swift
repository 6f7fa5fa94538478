import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension GetOptions: CommandDefinition {
    /// `get <Model> (--id V | --key F=V...) [--select ...] [--include-deleted]`
    package static let syntax = CommandSyntax(
        name: "get", summary: "get <Model> <key>                  print one record",
        help: HelpText.get, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "get", keyed: options)
        var id: String?
        var keys: [FieldAssignment] = []
        var select: [String]?
        var includeDeleted = false
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if id != nil { throw .usage("--id given twice") }
                id = value
            case "--key": keys.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--select": select = (select ?? []) + (try CommandLineParser.fieldList(value, option: option.name))
            case "--include-deleted": includeDeleted = true
            default: break
            }
        }
        var get = GetOptions(model: model, key: try CommandLineParser.recordKey(id: id, keys: keys, command: "get"))
        get.select = select
        get.includeDeleted = includeDeleted
        return get
    }

    /// `get`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .id, .key,
        .select("the fields to print (default: every scalar, enum and non-model field)"),
        .flag("--include-deleted", "print a soft-deleted record too"),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        try await GetCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
