import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension DeleteOptions: CommandDefinition {
    /// `delete <Model> (--id V | --key F=V...) [--expect-version N] [--if F=V]... [--cascade] [--page-size N] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "delete", summary: "delete <Model> <key> [--cascade]   delete one record (and its children)",
        help: HelpText.delete, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "delete", keyed: options)
        var id: String?
        var keys: [FieldAssignment] = []
        var conditions: [FieldAssignment] = []
        var expectVersion: Int?
        var cascade = false
        var pageSize: Int?
        var select: [String]?
        var preview = false
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if id != nil { throw .usage("--id given twice") }
                id = value
            case "--key": keys.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--if": conditions.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--expect-version": expectVersion = try CommandLineParser.version(value)
            case "--cascade": cascade = true
            case "--page-size": pageSize = try CommandLineParser.positiveCount(value, option: option.name)
            case "--select": select = (select ?? []) + (try CommandLineParser.fieldList(value, option: option.name))
            case "--preview": preview = true
            default: break
            }
        }
        var delete = DeleteOptions(
            model: model, key: try CommandLineParser.recordKey(id: id, keys: keys, command: "delete"))
        delete.conditions = conditions
        delete.expectVersion = expectVersion
        delete.cascade = cascade
        delete.select = select
        delete.preview = preview
        if preview, cascade {
            throw .usage("--preview cannot be combined with --cascade (--dry-run shows the reads of a cascade)")
        }
        if pageSize != nil, !cascade {
            throw .usage("--page-size goes with --cascade (it sizes the reads of child records)")
        }
        if cascade, select != nil { throw .usage("--select cannot be combined with --cascade") }
        delete.pageSize = pageSize
        return delete
    }

    /// `delete`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .id, .key,
        .value("--if", "FIELD=VALUE", "only if FIELD currently equals VALUE; repeat for AND", repeats: true),
        .expectVersion(),
        .flag(
            "--cascade",
            """
            first delete the records of the @hasMany and @hasOne relationships,
            depth first, reading every page of them; prints one JSON line
            per deleted record: {"model": ..., "key": {...}, "record": {...}}
            """),
        .value("--page-size", "N", "with --cascade: records per read of a relationship"),
        .select("the fields to print (not with --cascade)"),
        .flag(
            "--preview", #"read the record and print what would be deleted ({"key", "delete": {...}}); delete nothing"#),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let focus = CatalogueFocus(models: [model], followsRelationsTransitively: cascade)
        // `--cascade --dry-run` reads the tree it would delete, so it needs the credentials.
        let settings = try run.settings(sending: cascade ? .evenOnDryRun : .unlessDryRun, focus: focus)
        try await DeleteCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
