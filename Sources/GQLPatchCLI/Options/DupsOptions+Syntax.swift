import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension DupsOptions: CommandDefinition {
    /// `dups <Model> --key F=V --by F,... [--index NAME] [--page-size N]`
    package static let syntax = CommandSyntax(
        name: "dups", summary: "dups <Model> --key F=V --by F,...  print groups of a parent's equal records",
        help: HelpText.dups, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var dups = DupsOptions(model: try CommandLineParser.modelName(positionals, command: "dups"))
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--key": dups.parent.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--by": dups.by += try CommandLineParser.fieldList(value, option: option.name)
            case "--index":
                if dups.index != nil { throw .usage("--index given twice") }
                dups.index = value
            case "--page-size": dups.pageSize = try CommandLineParser.positiveCount(value, option: option.name)
            default: break
            }
        }
        if dups.parent.isEmpty { throw .usage("dups needs --key FIELD=VALUE: the parent whose records are compared") }
        if dups.by.isEmpty { throw .usage("dups needs --by FIELD,...: the fields whose equal values make duplicates") }
        return dups
    }

    /// `dups`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .value(
            "--key", "FIELD=VALUE", "the parent: the partition key of the primary key or of an index", repeats: true,
            section: "Parent"),
        .value(
            "--by", "FIELD,...", "records with equal values in all of these fields are duplicates", repeats: true),
        .value("--index", "NAME", "read the parent through this index (its name or its query's)"),
        .value("--page-size", "N", "records a request (default: the server's)"),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        return try await DupsCommand(options: self, settings: settings, context: run.context).run()
    }
}
