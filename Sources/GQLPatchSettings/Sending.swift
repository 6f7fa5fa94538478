/// Whether a command sends requests, which decides whether `Settings` looks up credentials: a run that
/// sends nothing never needs a key, a token or AWS credentials.
public enum Sending: Sendable {
    /// Sends nothing at all (`schema`).
    case never
    /// Sends, except with `--dry-run` (every command but `delete --cascade` and a selection's).
    case unlessDryRun
    /// Sends even with `--dry-run`: `delete --cascade --dry-run` reads the tree it would delete, and a
    /// bulk update's the records it would write.
    case evenOnDryRun

    /// Whether a run with these options sends.
    public func sends(dryRun: Bool) -> Bool {
        switch self {
        case .never: return false
        case .unlessDryRun: return !dryRun
        case .evenOnDryRun: return true
        }
    }
}
