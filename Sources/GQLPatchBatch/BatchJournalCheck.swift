import GQLPatchSupport
import JSON

/// Matches a resumed journal against the input it is resumed with. A line the journal has as done
/// must be the same input line (its digest), and the journal's undo of it must be the undo of that
/// line's own operation (`UndoAction.mismatch`): a journal rewritten by someone else can then never
/// make a rollback touch a record, or a field, that the input does not name. A file is matched whole
/// before anything is sent; standard input as it is read, and the rest before a rollback.
package struct BatchJournalCheck: Sendable {
    package let state: BatchJournal.State
    package let journalPath: String
    package let inputName: String
    /// Done lines of the journal that the input has not shown yet.
    private var unmatched: Set<Int>
    private let undoByLine: [Int: BatchJournal.UndoEntry]
    /// How many of `undoByLine` are still in `unmatched`.
    private var unmatchedUndo: Int

    package init(state: BatchJournal.State, journalPath: String, inputName: String) {
        self.state = state
        self.journalPath = journalPath
        self.inputName = inputName
        unmatched = Set(state.done.keys)
        undoByLine = Dictionary(state.undo.map { ($0.line, $0) }, uniquingKeysWith: { $1 })
        unmatchedUndo = undoByLine.count
    }

    /// Whether the journal has the entry's line as done. A line that differs from the journaled one,
    /// or whose journaled undo is not the undo of the entry's operation, is an error (65).
    package mutating func isDone(_ entry: BatchEntry) throws(GQLPatchError) -> Bool {
        let line = entry.line
        guard let digest = state.done[line] else { return false }
        guard entry.digest == digest else {
            throw .invalidInput(
                "\(inputName):\(line): error: this line differs from the one the journal \(journalPath) recorded as applied; resume with the same input"
            )
        }
        guard unmatched.contains(line) else { return true }
        if let journaled = undoByLine[line] {
            let operation: BatchOperation
            switch entry {
            case .operation(let parsed): operation = parsed
            case .call, .undo:
                throw .invalidInput(
                    "\(journalPath):\(journaled.journalLine): error: the journal has an undo of line \(line), which has none; the journal was changed since gqlpatch wrote it"
                )
            case .refused(let error, _): throw .invalidInput(error.rendered(source: inputName))
            }
            if let problem = journaled.action.mismatch(with: operation, lineName: "line \(line) of \(inputName)") {
                throw .invalidInput(
                    "\(journalPath):\(journaled.journalLine): error: the journal's undo of line \(line) \(problem); the journal was changed since gqlpatch wrote it"
                )
            }
            unmatchedUndo -= 1
        }
        unmatched.remove(line)
        return true
    }

    /// The write the journal recorded as about to be sent for the operation's line when the line is
    /// not done: it may have been applied before the run stopped. A line that differs from the
    /// journaled one is an error.
    package func intent(for operation: BatchOperation) throws(GQLPatchError) -> BatchJournal.Intent? {
        try intent(line: operation.line, digest: operation.digest)
    }

    /// As `intent(for:)`, for the line `line` whose digest is `digest` (a call's).
    package func intent(line: Int, digest: String) throws(GQLPatchError) -> BatchJournal.Intent? {
        guard let intent = state.sending[line] else { return nil }
        guard digest == intent.digest else {
            throw .invalidInput(
                "\(inputName):\(line): error: this line differs from the one the journal \(journalPath) recorded as being sent; resume with the same input"
            )
        }
        return intent
    }

    /// Whether the journal's entry for `line` was matched to the input.
    package func isMatched(_ line: Int) -> Bool { !unmatched.contains(line) }

    /// Whether some undo entry is still to be matched (a rollback must read on first).
    package var hasUnmatchedUndo: Bool { unmatchedUndo > 0 }

    /// After the whole input was read: a line the journal has as done that the input lacks is an error.
    package func checkAllMatched() throws(GQLPatchError) {
        guard let line = unmatched.min() else { return }
        throw .invalidInput(
            "\(journalPath):\(state.entryLines[line] ?? 1): error: the journal has line \(line) of \(inputName) as applied, but \(inputName) has no operation on line \(line)"
        )
    }
}
