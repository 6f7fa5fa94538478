/// The shells `gqlpatch completion` writes a script for.
public enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}
