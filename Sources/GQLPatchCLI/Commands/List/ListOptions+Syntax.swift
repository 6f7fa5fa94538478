import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension ListOptions: CommandDefinition {
    package var printsRows: Bool { true }

    /// `list <Model> [--where F=V]... [--filter JSON|@PATH] [--limit N] [--page-size N] [--sort asc|desc] [--include-deleted] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "list", summary: "list <Model> [--where F=V]...      print records as JSON Lines, all pages",
        help: HelpText.list, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var list = ListOptions(model: try CommandLineParser.modelName(positionals, command: "list"))
        try OptionBinding.apply(bindings, options, to: &list)
        return list
    }

    /// `list`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<ListOptions>] = [

        .repeated(
            OptionName.where, "FIELD=VALUE", "FIELD equals VALUE (typed by the schema); repeat for AND",
            moreForms: [
                .init(valueName: "FIELD:=JSON", help: "FIELD equals a literal JSON value"),
                .init(valueName: "FIELD>VALUE", help: "also >=, <, <=: a range (a key condition on a sort key)"),
                .init(valueName: "FIELD=LOW..HIGH", help: "between LOW and HIGH, both included"),
                .init(valueName: "FIELD^=PREFIX", help: "begins with PREFIX"),
            ], completes: .assignment(.nonModel), read: .fieldTest, appending: \.conditions),
        .once(
            OptionName.index, "NAME",
            "query this secondary index (its name or its query's); needs --where on its partition key", read: .text,
            into: \.index),
        OptionBinding(.value(OptionName.filter, "JSON|@PATH", "a Model<X>FilterInput object, AND-ed with --where")) {
            (list, value, given) throws(GQLPatchError) in
            if list.filter != nil {
                throw .usage("\(given) given twice (combine the conditions in one object with \"and\")")
            }
            list.filter = value
        },
        .value(OptionName.limit, "N", "at most N records in all", read: .count, into: \.limit),
        .pageSize("records per request (the list query's limit argument)", \.pageSize),
        .choice(
            OptionName.sort, "sort-key order, with --where on a key's or index's partition key", lowercased: true,
            into: \.sort),
        .flag(OptionName.includeDeleted, "print soft-deleted records too", sets: \.includeDeleted),
        OptionBinding(
            .value(
                OptionName.startingToken, "TOKEN", "start at this nextToken (the one a stopped or failed list printed)")
        ) { (list, value, given) throws(GQLPatchError) in
            guard !value.isEmpty else { throw .usage("\(given) needs a token (the one a stopped list printed)") }
            if list.startingToken != nil { throw .usage("\(given) given twice") }
            list.startingToken = value
        },
        .flag(
            OptionName.strict, "stop at the first record the server cannot return (default: report it, go on, exit 1)",
            sets: \.strict),
        .flag(
            OptionName.errorsInline,
            "also print each record error as an {\"error\": ...} line on stdout, with the record (its nulled fields absent) as \"item\"",
            sets: \.errorsInline),
        .select("the fields to print", \.select),
    ]

    /// `list`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        var options = self
        // Only the real process (whose environment comes checked) catches signals; in-process tests do not.
        options.catchesInterrupt = run.environmentCheck != nil
        try await ListCommand(options: options, settings: settings, context: run.context).run()
        return .success
    }
}
