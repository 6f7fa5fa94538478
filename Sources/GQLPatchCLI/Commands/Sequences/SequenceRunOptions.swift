/// What `insert` and `renumber` share: how their plan runs (`--journal PATH`, `--resume JOURNAL`,
/// `--max-attempts N`).
public struct SequenceRunOptions: Sendable {
    /// The run's journal, its plan beside it (`PATH.plan`); nil: a private temporary one.
    public var journal: String?
    /// `--resume JOURNAL`: finish the run that journal recorded.
    public var resume: String?
    /// `--max-attempts N`: tries per request for retryable failures.
    public var maxAttempts = ApplyOptions.defaultMaxAttempts

    public init() {}
}
