import GQLPatchSupport

extension QueryOptions: CommandDefinition {
    package var printsRows: Bool { true }

    /// `query (DOCUMENT | @PATH | -) [--var N=V | --var N:=JSON | --var N=@PATH]... [--operation NAME]`
    package static let syntax = CommandSyntax(
        name: "query", summary: "query DOC|@PATH|- [--var N=V]    send a hand-written query or mutation",
        help: HelpText.query, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        guard let text = positionals.first else {
            throw .usage("query needs a document: gqlpatch query '{ ... }', query @FILE, or query - (standard input)")
        }
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])' (variables go with --var NAME=VALUE)")
        }
        let source: Source
        if text == "-" {
            source = .file("-")
        } else if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard !path.isEmpty else { throw .usage("query @ needs a file path (or - for standard input)") }
            source = .file(path)
        } else {
            source = .inline(text)
        }
        var query = QueryOptions(document: source)
        try OptionBinding.apply(bindings, options, to: &query)
        try CommandLineParser.checkStandardInputReadOnce(query.variables, patch: source == .file("-") ? "-" : nil)
        return query
    }

    /// `query`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<QueryOptions>] = [

        .namedValues(
            OptionName.var, "VALUE typed by the variable's type", json: "a literal JSON value", kind: "a variable",
            \.variables),
        .once(
            OptionName.operation, "NAME", "the operation to run when the document has several", read: .text,
            into: \.operation),
        .flag(
            OptionName.paginate,
            "follow nextToken (the document declares $nextToken; the connection is the field selecting items and nextToken), printing items as JSON Lines",
            sets: \.paginate),
    ]

    /// `query`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        var command = QueryCommand(
            options: self, settings: try await run.settings(requireSchema: false), context: run.context)
        command.confirmWrite = { (settings) throws(GQLPatchError) in try run.confirmWrite(settings) }
        try await command.run()
        return .success
    }
}
