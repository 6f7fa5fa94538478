import JSON

/// What `undo` makes of one logged write, once the record as it is now was read.
package enum UndoJudgement: Sendable, Equatable {
    /// The record is as the write left it: put it back.
    case restore(UndoWrite)
    /// The record changed since the write (another writer, or a later run): left alone. `left` and
    /// `now`: its version and the written fields as the write left them and as they are now (`now`
    /// nil: the record is gone).
    case changedSince(left: JSONObject, now: JSONObject?)
    /// The record already is as it was before the write.
    case alreadyUndone
    /// The write's answer was lost and the record shows it never landed: nothing to undo.
    case notApplied
    /// A touch changes no value: nothing to put back.
    case nothingToUndo
    /// It cannot be put back, for the reason given.
    case cannot(String)
}
