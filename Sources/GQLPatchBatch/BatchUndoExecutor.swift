import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchUndo
import JSON

/// Undoes one logged write (`undo`): reads the record as it is now, judges it (`UndoJudge`), and
/// when it is still as the write left it, puts it back by the record rules apply's lines use
/// (`BatchRecordExecutor`: journaled, retried, settled on `--resume`), guarded by its `_version` or
/// by a condition on the values the write left, so that a record changed in between is left alone.
package struct BatchUndoExecutor: Sendable {
    package var records: BatchRecordExecutor
    /// `undo --dry-run`: judge only; write nothing.
    package var judgeOnly = false
    /// `undo --dry-run`: the records as the undos judged so far would leave them.
    private let simulation = UndoSimulation()

    package init(records: BatchRecordExecutor, judgeOnly: Bool = false) {
        self.records = records
        self.judgeOnly = judgeOnly
    }

    private var catalogue: ModelCatalogue { records.catalogue }

    package func run(_ undo: BatchUndo) async -> LineResult {
        do throws(GQLPatchError) {
            return try await undoing(undo)
        } catch {
            var result = LineResult(
                line: undo.line, status: .failed, key: undo.key, error: error.message, code: error.code,
                digest: undo.digest)
            result.details = details(undo)
            result.unreachable = error.code == .unavailable && !error.requestMayHaveArrived
            return result
        }
    }

    private func undoing(_ undo: BatchUndo) async throws(GQLPatchError) -> LineResult {
        let model = undo.model
        let selection = SelectionBuilder(catalogue: catalogue, wording: records.wording).defaultSelection(for: model)
        let now: JSONObject?
        if judgeOnly, let simulated = simulation.record(undo.identity) {
            now = simulated
        } else {
            now = try await records.records.read(model, key: undo.key, selection: selection).record
        }
        let judgement = UndoJudge(catalogue: catalogue, model: model).judge(undo.entry, now: now)
        switch judgement {
        case .restore(let write):
            if judgeOnly {
                // The record before this write is what the next older write of it left.
                simulation.leave(undo.identity, as: undo.entry.write == "create" ? nil : undo.entry.before)
                return result(undo, .wouldUndo)
            }
            return try await restore(undo, write)
        case .alreadyUndone:
            // A resumed run's undo that landed before the stop: undone then, reported once, now.
            guard undo.inDoubt != nil else { return result(undo, .alreadyUndone) }
            var settled = result(undo, .undone)
            settled.settled = true
            return settled
        case .notApplied:
            return result(undo, .notApplied)
        case .nothingToUndo:
            return result(undo, .nothingToUndo)
        case .changedSince(let left, let now):
            var changed = result(undo, .changedSince)
            changed.details?["left"] = .object(left)
            changed.details?["now"] = now.map(JSONValue.object) ?? .null
            changed.error = "\(undo.recordName) changed after the logged write; left as it is"
            return changed
        case .cannot(let reason):
            throw GQLPatchError(.conflict, "\(undo.recordName) cannot be put back: \(reason)")
        }
    }

    /// Sends the guarded write through apply's record rules and words its outcome for `undo`.
    private func restore(_ undo: BatchUndo, _ write: UndoWrite) async throws(GQLPatchError) -> LineResult {
        let model = undo.model
        let versioned = RecordService.isVersioned(model, under: records.conflictResolution)
        var operation = BatchOperation(
            line: undo.line, kind: .update, model: model, key: undo.key, changes: JSONObject(), versioned: versioned,
            digest: undo.digest)
        operation.inDoubt = undo.inDoubt
        // A failed guard is a record changed since it was read: reported, not a failure.
        operation.selected = true
        let conditions = ConditionBuilder(catalogue: catalogue, wording: records.wording)
        switch write {
        case .update(let values, let version, let guardValues):
            operation.changes = values
            if versioned, let version {
                operation.expectVersion = version
            } else {
                operation.condition = try conditions.holding(model: model, values: guardValues)
            }
        case .delete(let version, let guardValues):
            operation.kind = .delete
            if versioned, let version {
                operation.expectVersion = version
            } else {
                operation.condition = try conditions.holding(model: model, values: guardValues)
            }
        case .create(let fields):
            operation.kind = .create
            operation.changes = createFields(model, fields, key: undo.key)
        }
        let outcome = await records.run(operation)
        var result = result(undo, .undone)
        result.settled = outcome.settled
        switch outcome.status {
        case .updated, .deleted, .created:
            return result
        case .unchanged:
            result.status = .alreadyUndone
            return result
        case .noLongerMatches, .conflict:
            result.status = .changedSince
            result.error = "\(undo.recordName) changed while it was being put back; left as it is"
            return result
        default:
            var failed = outcome
            failed.details = details(undo)
            return failed
        }
    }

    /// The fields of the record as it was that its create input takes, besides the key.
    private func createFields(_ model: Model, _ record: JSONObject, key: JSONObject) -> JSONObject {
        let input = model.operations.createInput.flatMap { catalogue.inputObjects[$0] }
        var fields = JSONObject()
        for (name, value) in record where key[name] == nil && !value.isNull {
            if let input, input.field(name) == nil { continue }
            fields[name] = value
        }
        return fields
    }

    private func details(_ undo: BatchUndo) -> JSONObject {
        JSONObject([
            ("model", .string(undo.model.name)), ("write", .string(undo.entry.write)), ("run", .string(undo.entry.run)),
        ])
    }

    private func result(_ undo: BatchUndo, _ status: LineStatus) -> LineResult {
        var result = LineResult(line: undo.line, status: status, key: undo.key, digest: undo.digest)
        result.details = details(undo)
        return result
    }
}
