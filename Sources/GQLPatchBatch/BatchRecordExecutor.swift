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
    /// `--journal`: each write is recorded in it before it is sent.
    package let journal: BatchJournal?
    /// `--undo-log`: each write is logged with the record before it.
    package let undoLog: (any UndoRecording)?

    package init(
        catalogue: ModelCatalogue, sender: any BatchSending, retryConflicts: Int,
        conflictResolution: ConflictResolution, atomic: Bool, wording: ApplyLineWording, journal: BatchJournal? = nil,
        undoLog: (any UndoRecording)? = nil
    ) {
        self.journal = journal
        self.undoLog = undoLog
        self.catalogue = catalogue
        self.sender = sender
        self.retryConflicts = retryConflicts
        self.conflictResolution = conflictResolution
        self.atomic = atomic
        self.wording = wording
        selections = DefaultSelections(builder: SelectionBuilder(catalogue: catalogue, wording: wording))
    }

    /// The record rules, sending through this batch's sender.
    package var records: RecordService { records(for: nil) }

    /// The record rules for one line: with `--journal`, each write is journaled before it is sent; a
    /// line that may have been applied before a crash has every answer treated as one that follows a
    /// lost try (a conflict or "already exists" is checked against the record, not reported).
    private func records(for operation: BatchOperation?) -> RecordService {
        let sender = self.sender
        let inDoubt = operation?.inDoubt != nil
        var service = RecordService(
            catalogue: catalogue, conflictResolution: conflictResolution, retryConflicts: retryConflicts,
            wording: wording,
            send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                let outcome = await sender.send(request)
                return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous || inDoubt)
            })
        service.undoLog = undoLog
        if let journal, let operation, !operation.digest.isEmpty {
            service.beforeWrite = { (write, _, lands) throws(GQLPatchError) in
                try journal.recordSending(line: operation.line, digest: operation.digest, write: write, expect: lands)
            }
        }
        return service
    }

    package func run(_ operation: BatchOperation) async -> LineResult {
        do throws(GQLPatchError) {
            if let intent = operation.inDoubt, var settled = try await settle(operation, intent) {
                settled.settled = true
                return settled
            }
            switch operation.kind {
            case .update: return try await update(operation)
            case .create: return try await create(operation)
            case .delete: return try await delete(operation)
            case .upsert: return try await upsert(operation)
            case .touch: return try await touch(operation)
            }
        } catch {
            if operation.selected, error.kind == .conditionFalse || error.code == .notFound {
                return LineResult(
                    line: operation.line, status: .noLongerMatches, key: operation.key,
                    error:
                        "\(operation.recordName) no longer matches the selection (changed or deleted since it was read); nothing was written",
                    code: .conflict, digest: operation.digest)
            }
            return LineResult.failure(operation, status(for: error), error)
        }
    }

    /// A line whose write was recorded as being sent when the run stopped: its record is read, and
    /// when it holds what the write would leave (a delete: no record), the line was applied then and
    /// is reported so, once, without sending it again. Otherwise nil: the line runs as usual.
    private func settle(_ operation: BatchOperation, _ intent: BatchJournal.Intent) async throws(GQLPatchError)
        -> LineResult?
    {
        let model = operation.model
        var fetch = selection(model)
        if operation.versioned { fetch = VersionScheme.of(model).fetchSelection(fetch) }
        if model.field("_deleted") != nil, !fetch.contains("_deleted") {
            fetch.fields.append(SelectionSet.Field(name: "_deleted"))
        }
        let record = try await records.read(model, key: operation.key, selection: fetch).record
        let gone = record == nil || record?["_deleted"] == .bool(true)
        switch intent.write {
        case "delete":
            guard gone, operation.kind == .delete else { return nil }
            return result(operation, .deleted, item: nil)
        default:
            guard !gone, let record, let expect = intent.expect,
                ResponseComparer(catalogue: catalogue, model: model).allApplied(record: record, changes: expect)
            else { return nil }
            let item = SelectionProjection.project(record, onto: selection(model))
            let status: LineStatus = intent.write == "create" ? .created : .updated
            let undo: UndoAction? =
                status == .created
                ? .remove(
                    model: model.name, key: operation.key, left: expect,
                    version: operation.versioned ? record[VersionScheme.of(model).recordField]?.intValue : nil)
                : nil
            return result(operation, status, item: item, undo: undo)
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
        switch try await records(for: operation).update(target, readsBefore: atomic) {
        case .updated(let item, _, let before):
            let object = item.objectValue
            return result(operation, .updated, item: object, undo: revert(operation, before: before, after: object))
        case .unchanged(let record, _):
            return result(operation, .unchanged, item: record)
        }
    }

    // MARK: - Touch

    /// A key-only update: the record is written again (`updatedAt`, the version), every value kept.
    /// Nothing to undo. A touch in doubt is sent again: no value tells whether it landed, and a second
    /// touch changes nothing either.
    private func touch(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        var target = updateTarget(operation)
        target.touches = true
        target.inDoubt = nil
        switch try await records(for: operation).update(target) {
        case .updated(let item, _, _):
            return result(operation, .updated, item: item.objectValue)
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
            records: records(for: operation), readsBefore: atomic,
            creator: records(for: operation))
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

    private func updateTarget(_ operation: BatchOperation) -> UpdateTarget {
        let selection = selection(operation.model)
        var target = UpdateTarget(
            model: operation.model,
            changeSet: ChangeSet(key: operation.key, changes: operation.changes, edits: operation.edits),
            condition: operation.condition,
            expectVersion: operation.expectVersion, selection: selection,
            fetchSelection: operation.versioned
                ? VersionScheme.of(operation.model).fetchSelection(selection) : selection,
            versioned: operation.versioned)
        target.inDoubt = operation.inDoubt?.expect
        return target
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
        switch try await records(for: operation).create(target) {
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
        let outcome = try await records(for: operation).delete(
            RecordService.DeleteTarget(
                model: model, key: operation.key, condition: operation.condition,
                expectVersion: operation.expectVersion,
                selection: selection(model), versioned: operation.versioned),
            readsBefore: atomic && !operation.versioned)
        let undo = outcome.before.map { UndoAction.recreate(model: model.name, key: operation.key, record: $0) }
        return result(operation, .deleted, item: outcome.record?.objectValue ?? outcome.before, undo: undo)
    }
}
