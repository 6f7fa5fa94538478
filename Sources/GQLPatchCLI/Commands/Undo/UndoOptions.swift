import GQLPatchUndo

/// `gqlpatch undo FILE [--run ID] [--only KEY]...`: puts back the records an undo log's writes
/// changed, newest first, each only while it is still as that write left it.
public struct UndoOptions: Sendable {
    /// The undo log (`--undo-log FILE` of the runs to undo).
    public var path = ""
    /// `--run ID`: only that run's writes.
    public var run: String?
    /// `--only KEY`: only these records.
    package var only: [UndoKeyFilter] = []
    /// `-j`, `--rate`, `--journal`, `--resume`, `--max-attempts`, `--continue-on-error`, as `apply` reads them.
    public var batch = ApplyOptions()

    public init() {}
}
