import GQLPatchOperations

/// The run-wide choices the commands read (how to print, whether to send, how to retry), so that
/// nothing outside Settings reads the command line's options as given: what reaches a command is
/// resolved here, and a change of where a choice comes from is made in one place.
extension Settings {
    /// `--dry-run`: send nothing, print the planned requests.
    public var dryRun: Bool { given.dryRun }
    /// `--output`: the record, or the whole GraphQL response.
    public var output: OutputMode { given.output }
    /// `--pretty` / `--compact`; nil: pretty on a terminal.
    public var pretty: Bool? { given.pretty }
    /// `--verbose`.
    public var verbose: Bool { given.verbose }
    /// `--conflict-resolution`.
    public var conflictResolution: ConflictResolution { given.conflictResolution }
    /// `--retry-conflicts`.
    public var retryConflicts: Int { given.retryConflicts }
    /// `--timeout`, seconds a request may take; nil: the default.
    public var timeout: Double? { given.timeout }
}
