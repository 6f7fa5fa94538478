/// The `status` of one `apply` output line.
package enum LineStatus: String, Sendable, CaseIterable {
    case updated, created, deleted, unchanged
    case conflict
    case notFound = "not_found"
    case failed
    /// Not sent: the run stopped at an earlier failure.
    case skipped
    /// `--atomic`: the line's change was undone.
    case rolledBack = "rolled_back"
    /// `--atomic`: the line's change could not be undone (the record changed since, or the request failed).
    case rollbackFailed = "rollback_failed"
    /// A write guarded by the selection that picked its record (a bulk update by a selection): the record was
    /// changed (or deleted) since it was read so that it no longer matches; nothing was written.
    case noLongerMatches = "no-longer-matches"
    /// A `call` line: the operation answered (a query's or a mutation's value).
    case called
    /// A `call` line's mutation was sent and no answer came back (or the run stopped while it was
    /// being sent): it may or may not have been applied, and is not sent again unless the user says
    /// a resend is safe.
    case unknown
    /// `undo`: the record was put back as it was before the logged write.
    case undone
    /// `undo`: the record changed since the logged write, so it was left alone.
    case changedSince = "changed-since"
    /// `undo`: the record already was as before the logged write.
    case alreadyUndone = "already-undone"
    /// `undo`: the logged write's answer was lost and the record shows it never landed.
    case notApplied = "not-applied"
    /// `undo`: a touch changes no value; nothing to put back.
    case nothingToUndo = "nothing-to-undo"
    /// `undo --dry-run`: the record is as the logged write left it and would be put back.
    case wouldUndo = "would-undo"

    /// The line's change is on the server.
    package var isApplied: Bool { self == .updated || self == .created || self == .deleted }

    /// The line did what it asked (or there was nothing to do): recorded in the journal, not retried on resume.
    package var isDone: Bool {
        switch self {
        case .updated, .created, .deleted, .unchanged, .noLongerMatches, .called: true
        case .undone, .changedSince, .alreadyUndone, .notApplied, .nothingToUndo: true
        default: false
        }
    }

    /// The line failed: counts towards exit 4 and stops the run without `--continue-on-error`.
    package var isFailure: Bool { self == .conflict || self == .notFound || self == .failed || self == .unknown }
}
