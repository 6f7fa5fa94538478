import GQLPatchSupport

extension QueryOptions: CommandDefinition {
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
        var seen: Set<String> = []
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--var":
                let assignment = try CommandLineParser.assignment(value, option: option.name)
                guard !assignment.field.contains(".") else {
                    throw .usage("--var expects NAME=VALUE with a variable name, got '\(value)'")
                }
                guard seen.insert(assignment.field).inserted else {
                    throw .usage("--var \(assignment.field) given twice")
                }
                query.variables.append(assignment)
            case "--paginate": query.paginate = true
            case "--operation":
                if query.operation != nil { throw .usage("--operation given twice") }
                query.operation = value
            default: break
            }
        }
        try CommandLineParser.checkStandardInputReadOnce(query.variables, patch: source == .file("-") ? "-" : nil)
        return query
    }

    /// `query`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .value(
            "--var", "NAME=VALUE", "VALUE typed by the variable's type", repeats: true,
            moreForms: [
                .init(valueName: "NAME:=JSON", help: "a literal JSON value"),
                .init(valueName: "NAME=@PATH", help: "the value read from a file (@- for standard input)"),
            ]),
        .value("--operation", "NAME", "the operation to run when the document has several"),
        .flag(
            "--paginate",
            "follow nextToken (the document declares $nextToken; the connection is the field selecting items and nextToken), printing items as JSON Lines"
        ),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await QueryCommand(options: self, settings: run.settings(requireSchema: false), context: run.context).run()
        return .success
    }
}
