import GQLPatchBatch

/// `gqlpatch apply [PATH | -] [-j N] [--rate N | auto] [--atomic] [--journal PATH] [--resume] [--max-attempts N]
/// [--continue-on-error]`: many creates, updates and deletes from JSON Lines.
public struct ApplyOptions: Sendable {
    /// The JSON Lines file; `-` (the default) is standard input.
    public var path: String = "-"
    /// `-j N` / `--concurrency N`: requests in flight at once.
    public var concurrency: Int = 8
    /// `--rate N`: at most N requests a second (nil: no cap).
    public var rate: Double?
    /// `--rate auto`: the rate and the requests in flight (up to `-j`) follow the server's answers.
    public var adaptiveRate = false
    /// `--atomic`: all or nothing; applied lines are undone when one fails.
    public var atomic = false
    /// `--journal PATH`: where applied lines are recorded for `--resume`.
    public var journal: String?
    /// `--resume`: skip the lines the journal records as applied.
    public var resume = false
    /// `--max-attempts N`: tries per request for retryable failures (1 = no retry).
    public var maxAttempts: Int = ApplyOptions.defaultMaxAttempts
    /// `--max-attempts`'s default; `list` retries its pages as often.
    package static let defaultMaxAttempts = 5
    /// `--preview`: read each line's record and print what the line would change; write nothing.
    public var preview = false
    /// `--continue-on-error`: keep going after a line fails (default: stop sending at the first failure).
    public var continueOnError = false
    /// `--allow-incomplete`: an export file cut short or changed is read as it is (default: refused).
    public var allowIncomplete = false
    /// `--idempotent`: call lines' mutations may be sent again (a lost answer retried, one in doubt
    /// resent on `--resume`).
    public var idempotent = false
    /// `--shard I/N`: apply only the lines of shard I of N (nil: every line).
    public var shard: ApplyShard?

    public init() {}

    /// Whether the input is standard input.
    public var readsStandardInput: Bool { path == "-" }

    /// The journal file of this run: `--journal PATH`, with `.shard-I-of-N` added under `--shard`.
    public var journalPath: String? {
        guard let journal else { return nil }
        return shard.map { $0.journalPath(journal) } ?? journal
    }
}
