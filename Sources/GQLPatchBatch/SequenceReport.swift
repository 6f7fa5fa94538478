import GQLPatchOperations
import GQLPatchSupport
import JSON

/// What `insert` and `renumber` print for each line of their plan as `apply` runs it: a move's last
/// line `{"op": "moved", "from": KEY, "to": KEY}` (KEY: the record's key and its number; for a key
/// move the number is in the key), the new row's create the record, a key move's copy nothing; a
/// line that did not succeed (a conflict, a rollback) its `apply` line. It remembers the first
/// failure and counts the writes a rollback could not undo.
package struct SequenceReport: Sendable {
    package let lines: [JSONValue]
    package let field: String
    /// Each line's role (`SequenceBatch.roles(of:field:)`).
    package let roles: [SequenceBatch.Role?]
    private let state = LockedValue(State())

    private struct State: Sendable {
        var firstFailure: (code: ExitCode, message: String)?
        var rollbackFailures = 0
    }

    package init(lines: [JSONValue], field: String) {
        self.lines = lines
        self.field = field
        roles = SequenceBatch.roles(of: lines, field: field)
    }

    /// The first line that failed: its exit code as a single command and its error.
    package var firstFailure: (code: ExitCode, message: String)? { state.current.firstFailure }
    package var rollbackFailures: Int { state.current.rollbackFailures }

    package func output(for result: LineResult) -> [JSONValue] {
        if result.status.isFailure {
            state.withValue { state in
                if state.firstFailure == nil {
                    state.firstFailure = (result.code ?? .partialFailure, result.error ?? result.status.rawValue)
                }
            }
        }
        if result.status == .rollbackFailed { state.withValue { $0.rollbackFailures += 1 } }
        guard result.status.isDone, let role = role(of: result.line) else { return [result.json()] }
        switch role {
        case .copy: return []
        case .remove(let move), .renumber(let move):
            return [moved(line: result.line, move, op: "moved")]
        case .newRow:
            return [.object(result.item ?? result.key ?? JSONObject())]
        }
    }

    /// `--dry-run`: a move's line `{"op": "move", "from", "to"}`, the new row's `{"op": "create", "record"}`.
    package func planned(line: Int) -> [JSONValue] {
        guard let role = role(of: line) else { return [] }
        switch role {
        case .copy: return []
        case .remove(let move), .renumber(let move): return [moved(line: line, move, op: "move")]
        case .newRow:
            let entry = lines[line - 1]
            var record = entry["key"]?.objectValue ?? JSONObject()
            for (name, value) in entry["set"]?.objectValue ?? JSONObject() { record[name] = value }
            return [.object(JSONObject([("op", "create"), ("record", .object(record))]))]
        }
    }

    private func role(of line: Int) -> SequenceBatch.Role? {
        line >= 1 && line <= roles.count ? roles[line - 1] : nil
    }

    private func moved(line: Int, _ move: SequenceMove, op: String) -> JSONValue {
        var from = lines[line - 1]["key"]?.objectValue ?? JSONObject()
        from[field] = .int(move.from)
        var to = from
        to[field] = .int(move.to)
        return .object(JSONObject([("op", .string(op)), ("from", .object(from)), ("to", .object(to))]))
    }
}
