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
        try OptionBinding.apply(bindings, options, to: &dups)
        if dups.parent.isEmpty { throw .usage("dups needs --key FIELD=VALUE: the parent whose records are compared") }
        if dups.by.isEmpty { throw .usage("dups needs --by FIELD,...: the fields whose equal values make duplicates") }
        return dups
    }

    /// `dups`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<DupsOptions>] = [

        .parent("the parent: the partition key of the primary key or of an index", section: "Parent", \.parent),
        .list(
            OptionName.by, "FIELD,...", "records with equal values in all of these fields are duplicates",
            read: .fieldList, appending: \.by),
        .once(
            OptionName.index, "NAME", "read the parent through this index (its name or its query's)", read: .text,
            into: \.index),
        .pageSize("records a request (default: the server's)", \.pageSize),
    ]

    /// `dups`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        return try await DupsCommand(options: self, settings: settings, context: run.context).run()
    }
}
