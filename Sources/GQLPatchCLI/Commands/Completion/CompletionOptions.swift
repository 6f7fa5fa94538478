/// `gqlpatch completion bash|zsh|fish`.
public struct CompletionOptions: Sendable {
    public var shell: CompletionShell

    public init(shell: CompletionShell) {
        self.shell = shell
    }
}
