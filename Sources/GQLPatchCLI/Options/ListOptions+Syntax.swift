import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension ListOptions: CommandDefinition {
    /// `list <Model> [--where F=V]... [--filter JSON|@PATH] [--limit N] [--page-size N] [--sort asc|desc] [--include-deleted] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "list", summary: "list <Model> [--where F=V]...      print records as JSON Lines, all pages",
        help: HelpText.list, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var list = ListOptions(model: try CommandLineParser.modelName(positionals, command: "list"))
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--where":
                list.conditions.append(try CommandLineParser.fieldTest(value, option: option.name))
            case "--index":
                if list.index != nil { throw .usage("--index given twice") }
                list.index = value
            case "--filter":
                if list.filter != nil {
                    throw .usage("--filter given twice (combine the conditions in one object with \"and\")")
                }
                list.filter = value
            case "--limit": list.limit = try CommandLineParser.positiveCount(value, option: option.name)
            case "--page-size": list.pageSize = try CommandLineParser.positiveCount(value, option: option.name)
            case "--sort":
                list.sort = try CommandLineParser.choice(value.lowercased(), option: option.name, as: SortOrder.self)
            case "--include-deleted": list.includeDeleted = true
            case "--starting-token":
                guard !value.isEmpty else {
                    throw .usage("--starting-token needs a token (the one a stopped list printed)")
                }
                if list.startingToken != nil { throw .usage("--starting-token given twice") }
                list.startingToken = value
            case "--strict": list.strict = true
            case "--errors-inline": list.errorsInline = true
            case "--select":
                list.select = (list.select ?? []) + (try CommandLineParser.fieldList(value, option: option.name))
            default: break
            }
        }
        return list
    }

    /// `list`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .value(
            "--where", "FIELD=VALUE", "FIELD equals VALUE (typed by the schema); repeat for AND", repeats: true,
            moreForms: [
                .init(valueName: "FIELD:=JSON", help: "FIELD equals a literal JSON value"),
                .init(valueName: "FIELD>VALUE", help: "also >=, <, <=: a range (a key condition on a sort key)"),
                .init(valueName: "FIELD=LOW..HIGH", help: "between LOW and HIGH, both included"),
                .init(valueName: "FIELD^=PREFIX", help: "begins with PREFIX"),
            ]),
        .value(
            "--index", "NAME",
            "query this secondary index (its name or its query's); needs --where on its partition key"),
        .value("--filter", "JSON|@PATH", "a Model<X>FilterInput object, AND-ed with --where"),
        .value("--limit", "N", "at most N records in all"),
        .value("--page-size", "N", "records per request (the list query's limit argument)"),
        .choice("--sort", of: SortOrder.self, "sort-key order, with --where on a key's or index's partition key"),
        .flag("--include-deleted", "print soft-deleted records too"),
        .value("--starting-token", "TOKEN", "start at this nextToken (the one a stopped or failed list printed)"),
        .flag("--strict", "stop at the first record the server cannot return (default: report it, go on, exit 1)"),
        .flag(
            "--errors-inline",
            "also print each record error as an {\"error\": ...} line on stdout, with the record (its nulled fields absent) as \"item\""
        ),
        .select("the fields to print"),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        var options = self
        // Only the real process (whose environment comes checked) catches signals; in-process tests do not.
        options.catchesInterrupt = run.environmentCheck != nil
        try await ListCommand(options: options, settings: settings, context: run.context).run()
        return .success
    }
}
