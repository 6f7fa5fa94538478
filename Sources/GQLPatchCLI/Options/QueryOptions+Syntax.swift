import GQLPatchSupport

extension QueryOptions {
    /// `query (DOCUMENT | @PATH | -) [--var N=V | --var N:=JSON | --var N=@PATH]... [--operation NAME]`
    package static let syntax = CommandSyntax(
        name: "query", summary: "query DOC|@PATH|- [--var N=V]    send a hand-written query or mutation",
        help: HelpText.query,
        valueOptions: ["--var", "--operation"]
    ) { (options, positionals) throws(GQLPatchError) -> Command in
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
                let assignment = try ArgumentParser.assignment(value, option: option.name)
                guard !assignment.field.contains(".") else {
                    throw .usage("--var expects NAME=VALUE with a variable name, got '\(value)'")
                }
                guard seen.insert(assignment.field).inserted else { throw .usage("--var \(assignment.field) given twice") }
                query.variables.append(assignment)
            case "--operation":
                if query.operation != nil { throw .usage("--operation given twice") }
                query.operation = value
            default: break
            }
        }
        try ArgumentParser.checkStandardInputReadOnce(query.variables, patch: source == .file("-") ? "-" : nil)
        return .query(query)
    }
}
