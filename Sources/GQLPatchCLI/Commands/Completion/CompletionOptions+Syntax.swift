import GQLPatchSupport

extension CompletionOptions: CommandDefinition {
    /// `completion bash|zsh|fish`
    package static let syntax = CommandSyntax(
        name: "completion", summary: "completion bash|zsh|fish           print a shell completion script",
        help: HelpText.completion, options: []
    ) { (_, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let shells = CompletionShell.allCases.map(\.rawValue)
        let expected = "\(shells.dropLast().joined(separator: ", ")) or \(shells.last!)"
        guard let name = positionals.first else { throw .usage("completion needs a shell: \(expected)") }
        guard let shell = CompletionShell(rawValue: name) else {
            throw .usage("completion expects \(expected), got '\(name)'")
        }
        if positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])'") }
        return CompletionOptions(shell: shell)
    }

    /// Prints the script; reads no environment (it is set up in a shell's start-up file).
    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try run.context.console.write(Array(CompletionScript.text(for: shell).utf8))
        return .success
    }
}
