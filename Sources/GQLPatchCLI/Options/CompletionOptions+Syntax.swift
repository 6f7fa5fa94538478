import GQLPatchSupport

extension CompletionOptions {
    /// `completion bash|zsh|fish`
    package static let syntax = CommandSyntax(
        name: "completion", summary: "completion bash|zsh|fish           print a shell completion script",
        help: HelpText.completion,
        valueOptions: []
    ) { (_, positionals) throws(GQLPatchError) -> Command in
        let shells = CompletionShell.allCases.map(\.rawValue)
        let expected = "\(shells.dropLast().joined(separator: ", ")) or \(shells.last!)"
        guard let name = positionals.first else { throw .usage("completion needs a shell: \(expected)") }
        guard let shell = CompletionShell(rawValue: name) else {
            throw .usage("completion expects \(expected), got '\(name)'")
        }
        if positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])'") }
        return .completion(CompletionOptions(shell: shell))
    }
}
