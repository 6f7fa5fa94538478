import FoundationEssentials
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Applies one checked line to the server by the record rules the commands use (`RecordService`):
/// versioned models have their `_version` fetched first and version conflicts are retried
/// (`--retry-conflicts`); a failed condition is told apart from a missing record by reading the key.
/// With `--atomic` the record is read before the change so the change can be undone. A conflict or
/// failed condition that follows a try whose answer was lost (`BatchSendOutcome.ambiguous`) is
/// checked against the record: when the record already holds the line's change, that lost try
/// applied it, and the line counts as applied once.
package struct BatchRecordExecutor: Sendable {
    package let catalogue: ModelCatalogue
    package var sender: any BatchSending
    package var retryConflicts: Int
    package var conflictResolution: ConflictResolution
    /// Record how to undo each change (`--atomic`).
    package var atomic: Bool
    /// How the record rules' messages name the line's members and the run's settings.
    package let wording: ApplyLineWording
    /// Each model's default selection, worked out on its first line.
    private let selections: DefaultSelections

    package init(
        catalogue: ModelCatalogue, sender: any BatchSending, retryConflicts: Int,
        conflictResolution: ConflictResolution, atomic: Bool, wording: ApplyLineWording
    ) {
        self.catalogue = catalogue
        self.sender = sender
        self.retryConflicts = retryConflicts
        self.conflictResolution = conflictResolution
        self.atomic = atomic
        self.wording = wording
        selections = DefaultSelections(builder: SelectionBuilder(catalogue: catalogue, wording: wording))
    }

    /// The record rules, sending through this batch's sender.
    package var records: RecordService {
        let sender = self.sender
        return RecordService(
            catalogue: catalogue, conflictResolution: conflictResolution, retryConflicts: retryConflicts,
            wording: wording,
            send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                let outcome = await sender.send(request)
                return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
            })
    }

    package func run(_ operation: BatchOperation) async -> LineResult {
        do throws(GQLPatchError) {
            switch operation.kind {
            case .update: return try await update(operation)
            case .create: return try await create(operation)
            case .delete: return try await delete(operation)
            case .upsert: return try await upsert(operation)
            }
        } catch {
            return LineResult.failure(operation, status(for: error), error)
        }
    }

    private func status(for error: GQLPatchError) -> LineStatus {
        switch error.code {
        case .conflict: return .conflict
        case .notFound: return .notFound
        default: return .failed
        }
    }

    private func selection(_ model: Model) -> SelectionSet {
        selections.selection(for: model)
    }

    private func result(_ operation: BatchOperation, _ status: LineStatus, item: JSONObject?, undo: UndoAction? = nil)
        -> LineResult
    {
        LineResult(
            line: operation.line, status: status, key: operation.key, item: item, undo: atomic ? undo : nil,
            digest: operation.digest)
    }

    /// The undo of an update: the previous values of exactly the changed fields (an edited field's
    /// value left is the one written, as the answer holds it).
    private func revert(_ operation: BatchOperation, before: JSONObject?, after: JSONObject?) -> UndoAction? {
        guard let before else { return nil }
        var previous = JSONObject()
        var left = operation.changes
        for name in operation.changes.keys { previous[name] = before[name] ?? .null }
        for edit in operation.edits where previous[edit.field] == nil {
            previous[edit.field] = before[edit.field] ?? .null
            left[edit.field] = after?[edit.field] ?? .null
        }
        return .revert(
            model: operation.model.name, key: operation.key, previous: previous, left: left,
            version: operation.versioned ? after?[VersionScheme.of(operation.model).recordField]?.intValue : nil)
    }

    // MARK: - Update

    private func update(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let target = updateTarget(operation)
        switch try await records.update(target, readsBefore: atomic) {
        case .updated(let item, _, let before):
            let object = item.objectValue
            return result(operation, .updated, item: object, undo: revert(operation, before: before, after: object))
        case .unchanged(let record, _):
            return result(operation, .unchanged, item: record)
        }
    }

    // MARK: - Upsert

    private func upsert(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let model = operation.model
        let selection = selection(model)
        let create = RecordService.CreateTarget(
            model: model, input: ChangeSet(key: operation.key, changes: operation.createFields).input(version: nil),
            checkedKey: operation.key, key: operation.key, selection: selection,
            fetchSelection: operation.versioned ? RecordService.withSyncFields(selection) : selection)
        let upserter = RecordUpserter(
            updater: RecordUpdater(service: records, readsBefore: atomic), creator: records)
        switch try await upserter.run(RecordUpserter.Target(update: updateTarget(operation), create: create)) {
        case .created(let item, _):
            let undo = UndoAction.remove(
                model: model.name, key: operation.key, left: operation.createFields,
                version: operation.versioned ? item[VersionScheme.of(model).recordField]?.intValue : nil)
            return result(operation, .created, item: item, undo: undo)
        case .updated(.updated(let item, _, let before)):
            let object = item.objectValue
            return result(operation, .updated, item: object, undo: revert(operation, before: before, after: object))
        case .updated(.unchanged(let record, _)):
            return result(operation, .unchanged, item: record)
        }
    }

    private func updateTarget(_ operation: BatchOperation) -> RecordUpdater.Target {
        let selection = selection(operation.model)
        return RecordUpdater.Target(
            model: operation.model,
            changeSet: ChangeSet(key: operation.key, changes: operation.changes, edits: operation.edits),
            condition: operation.condition,
            expectVersion: operation.expectVersion, selection: selection,
            fetchSelection: operation.versioned
                ? VersionScheme.of(operation.model).fetchSelection(selection) : selection,
            versioned: operation.versioned)
    }

    // MARK: - Create

    private func create(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        if let sequence = operation.sequence { return try await createNext(operation, sequence: sequence) }
        let model = operation.model
        let selection = selection(model)
        let target = RecordService.CreateTarget(
            model: model, input: ChangeSet(key: operation.key, changes: operation.changes).input(version: nil),
            // A key made from the line (no "key" given) is the server's to replace; a key given must come back.
            checkedKey: operation.keyGiven ? operation.key : JSONObject(), key: operation.key,
            condition: operation.condition,
            selection: selection,
            fetchSelection: operation.versioned ? RecordService.withSyncFields(selection) : selection)
        switch try await records.create(target) {
        case .created(let item, _), .createdUnseen(let item):
            return result(operation, .created, item: item, undo: removal(operation, item: item))
        case .exists:
            throw GQLPatchError(
                .conflict,
                "\(operation.recordName) already exists (or the \"if\" condition is false); nothing was written")
        }
    }

    /// A `"next"` line: created one past the parent's largest number (`RecordService.createNext`); its
    /// result and undo name the record's own key, known only now.
    private func createNext(_ operation: BatchOperation, sequence: SequenceDescription) async throws(GQLPatchError)
        -> LineResult
    {
        let model = operation.model
        let selection = selection(model)
        let records = self.records
        let freshID: (@Sendable () -> String)? =
            model.primaryKey == ["id"] ? { @Sendable () -> String in UUID().uuidString.lowercased() } : nil
        let outcome = try await records.createNext(
            RecordService.NextTarget(
                sequence: sequence,
                input: ChangeSet(key: operation.key, changes: operation.changes).input(version: nil),
                start: operation.start, freshID: freshID, selection: selection,
                fetchSelection: SequenceReader(service: records).selection(for: sequence, adding: selection)))
        var left = operation.changes
        for name in model.primaryKey { left[name] = nil }
        let undo = UndoAction.remove(
            model: model.name, key: outcome.key, left: left,
            version: operation.versioned ? outcome.item[VersionScheme.of(model).recordField]?.intValue : nil)
        return LineResult(
            line: operation.line, status: .created, key: outcome.key, item: outcome.item, undo: atomic ? undo : nil,
            digest: operation.digest)
    }

    private func removal(_ operation: BatchOperation, item: JSONObject) -> UndoAction {
        .remove(
            model: operation.model.name, key: operation.key, left: operation.changes,
            version: operation.versioned ? item[VersionScheme.of(operation.model).recordField]?.intValue : nil)
    }

    // MARK: - Delete

    private func delete(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let model = operation.model
        let outcome = try await records.delete(
            RecordService.DeleteTarget(
                model: model, key: operation.key, condition: operation.condition,
                expectVersion: operation.expectVersion,
                selection: selection(model), versioned: operation.versioned),
            readsBefore: atomic && !operation.versioned)
        let undo = outcome.before.map { UndoAction.recreate(model: model.name, key: operation.key, record: $0) }
        return result(operation, .deleted, item: outcome.record?.objectValue ?? outcome.before, undo: undo)
    }
}
