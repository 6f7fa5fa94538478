import GQLPatchOperations

/// The run-wide choices the commands read (how to print, whether to send, how to retry), so that
/// nothing outside this target reads the options as given: what reaches a command is
/// resolved here, and a change of where a choice comes from is made in one place.
extension Settings {
    /// Send nothing; print the planned requests.
    public var dryRun: Bool { given.dryRun }
    /// What stdout carries: the record, or the whole GraphQL response.
    public var output: OutputMode { given.output }
    /// Pretty or compact JSON; nil: pretty on a terminal.
    public var pretty: Bool? { given.pretty }
    /// Trace each request and what the run resolved.
    public var verbose: Bool { given.verbose }
    /// Whether writes carry `_version`, whatever the schema says.
    public var conflictResolution: ConflictResolution { given.conflictResolution }
    /// How many times a version conflict is retried.
    public var retryConflicts: Int { given.retryConflicts }
    /// Seconds a request may take; nil: the default.
    public var timeout: Double? { given.timeout }
}
