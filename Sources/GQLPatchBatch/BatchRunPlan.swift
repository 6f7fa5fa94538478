import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import JSON

/// How one batch run goes, resolved by the command that starts it (`apply`, and `insert` and
/// `renumber`, which run their moves as a batch): the pace, the failure rules, the record rules,
/// and what it prints.
package struct BatchRunPlan: Sendable {
    /// Requests in flight.
    package var concurrency: Int
    /// At most this many requests a second; nil: no limit.
    package var rate: Double?
    /// `--rate auto`: the adaptive limiter paces the run.
    package var adaptiveRate = false
    /// Tries per request for retryable failures.
    package var maxAttempts: Int
    /// All or nothing: undo the applied lines at a failure.
    package var atomic = false
    /// Keep going after a failed line.
    package var continueOnError = false
    /// Only the lines of this shard.
    package var shard: ApplyShard?
    /// Retries after a version conflict.
    package var retryConflicts: Int
    package var conflictResolution: ConflictResolution
    /// The sleep and random source of retries (tests pass fakes).
    package var sleep: @Sendable (Double) async -> Void = RetryingSender.taskSleep
    package var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    /// Whether to draw the progress line (stderr is a terminal).
    package var showsProgress = false
    /// Whether to catch SIGINT (the real process only).
    package var catchesInterrupt = false
    /// What to print for each line's result instead of its `apply` line; nil: the `apply` line.
    package var lineOutput: (@Sendable (LineResult) -> [JSONValue])?
    /// The command the summary names.
    package var commandName = "apply"
    /// The command that goes on from where a journaled run stopped; nil when none is told.
    package var resumeCommand: String?
    /// Whether an interrupted run without a journal is told how a journal would let it go on (not
    /// for `copy`, whose lines are read afresh each run and which takes none).
    package var suggestsJournal = true
    /// The barrier label of each line (`import`: its model, or the second pass): a line whose label
    /// differs from the line before it starts only after every earlier line finished (parents are
    /// written before their children); nil: lines run as their keys allow.
    package var phase: (@Sendable (BatchOperation) -> String)?

    package init(
        concurrency: Int, maxAttempts: Int, retryConflicts: Int, conflictResolution: ConflictResolution
    ) {
        self.concurrency = concurrency
        self.maxAttempts = maxAttempts
        self.retryConflicts = retryConflicts
        self.conflictResolution = conflictResolution
    }

    /// Custom mutations may be sent again (`BatchCallExecutor`): a lost answer retried, a resumed
    /// run's call in doubt resent.
    package var idempotentCalls = false

    /// `--undo-log`: each write is logged with the record before it (`RecordService.undoLog`).
    package var undoLog: (any UndoRecording)?
    /// `undo --dry-run`: each logged write is judged against its record and reported; nothing is written.
    package var undoJudgeOnly = false

    /// Whether the operation is the run's (its shard's, when there is one).
    package func applies(_ operation: BatchOperation) -> Bool {
        shard?.contains(identity: operation.identity) ?? true
    }

    /// Whether the entry is the run's: an operation or call of its shard, or a refused line (which
    /// is no shard's to leave out: it is reported).
    package func applies(_ entry: BatchEntry) -> Bool {
        switch entry {
        case .operation(let operation): applies(operation)
        case .call(let call): shard?.contains(identity: call.identity) ?? true
        case .undo(let undo): shard?.contains(identity: undo.identity) ?? true
        case .refused: true
        }
    }
}
