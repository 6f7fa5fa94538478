import JSON
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

/// Applies one checked line to the server. Updates follow the rules of `update` (`RecordUpdater`):
/// versioned models have their `_version` fetched first and version conflicts are retried
/// (`--retry-conflicts`); a failed condition is told apart from a missing record by reading the key.
/// Creates and deletes follow the same pattern. With `--atomic` the record is read before the change so
/// the change can be undone. A conflict or failed condition that follows a try whose answer was lost
/// (`BatchSendOutcome.ambiguous`) is checked against the record: when the record already holds the
/// line's change, that lost try applied it, and the line counts as applied once.
package struct BatchRecordExecutor: Sendable {
    package var catalogue: ModelCatalogue
    package var sender: any BatchSending
    package var retryConflicts: Int
    package var conflictResolution: ConflictResolution
    /// Record how to undo each change (`--atomic`).
    package var atomic: Bool

    package init(
        catalogue: ModelCatalogue, sender: any BatchSending, retryConflicts: Int,
        conflictResolution: ConflictResolution, atomic: Bool
    ) {
        self.catalogue = catalogue
        self.sender = sender
        self.retryConflicts = retryConflicts
        self.conflictResolution = conflictResolution
        self.atomic = atomic
    }

    private var documents: DocumentBuilder { DocumentBuilder() }

    package func run(_ operation: BatchOperation) async -> LineResult {
        do throws(GQLPatchError) {
            switch operation.kind {
            case .update:
                return try await update(operation)
            case .create:
                return try await create(operation)
            case .delete:
                return operation.versioned ? try await deleteVersioned(operation) : try await deleteUnversioned(operation)
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

    // MARK: - Reading

    private func selection(_ model: Model) -> SelectionSet {
        SelectionBuilder(catalogue: catalogue).defaultSelection(for: model)
    }

    /// The record for the key, or nil when there is none.
    package func fetch(_ model: Model, key: JSONObject, selection: SelectionSet? = nil) async throws(GQLPatchError) -> JSONObject? {
        let request = try documents.getQuery(model: model, selection: selection ?? self.selection(model), key: key)
        let response = try await sender.send(request).result.get()
        if let failure = response.failure { throw failure }
        guard let value = response.field(model.operations.get ?? "") else { return nil }
        guard let object = value.objectValue else {
            throw GQLPatchError(.badResponse, "\(model.operations.get ?? "get") returned \(value.serialized()) where an object was expected")
        }
        try ResponseKeyCheck.check(object, model: model, key: key, field: model.operations.get ?? "get")
        return object
    }

    private func isGone(_ record: JSONObject?) -> Bool {
        guard let record else { return true }
        return record["_deleted"] == .bool(true)
    }

    private func version(of record: JSONObject, _ operation: BatchOperation) throws(GQLPatchError) -> Int {
        guard case .int(let version) = record["_version"] ?? .null else {
            throw GQLPatchError(.badResponse, "the server's \(operation.recordName) has no integer _version although the model is versioned")
        }
        return version
    }

    private func result(_ operation: BatchOperation, _ status: LineStatus, item: JSONObject?, undo: UndoAction? = nil) -> LineResult {
        LineResult(line: operation.line, status: status, key: operation.key, item: item, undo: atomic ? undo : nil, digest: operation.digest)
    }

    private func applied(_ record: JSONObject, _ operation: BatchOperation) -> Bool {
        ResponseComparer(catalogue: catalogue, model: operation.model).allApplied(record: record, changes: operation.changes)
    }

    /// The undo of an update: the previous values of exactly the changed fields.
    private func revert(_ operation: BatchOperation, before: JSONObject?, after: JSONObject?) -> UndoAction? {
        guard let before else { return nil }
        var previous = JSONObject()
        for name in operation.changes.keys { previous[name] = before[name] ?? .null }
        return .revert(
            model: operation.model.name, key: operation.key, previous: previous, left: operation.changes,
            version: operation.versioned ? after?["_version"]?.intValue : nil)
    }

    private func mutationItem(_ response: GraphQLResponse, field: String?) -> JSONObject? {
        response.field(field ?? "")?.objectValue
    }

    // MARK: - Update

    /// Updates go through the rules `update` uses (`RecordUpdater`), with this batch's sender.
    private func update(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let sender = self.sender
        let executor = self
        let updater = RecordUpdater(
            catalogue: catalogue, retryConflicts: retryConflicts, conflictResolution: conflictResolution, wording: .input,
            readsBefore: atomic,
            fetch: { (model, key, selection) async throws(GQLPatchError) -> JSONObject? in
                try await executor.fetch(model, key: key, selection: selection)
            },
            send: { (request) async throws(GQLPatchError) -> RecordUpdater.Sent in
                let outcome = await sender.send(request)
                return RecordUpdater.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
            },
            note: { _ in }, rejected: { _ in })
        let selection = selection(operation.model)
        let target = RecordUpdater.Target(
            model: operation.model, changeSet: ChangeSet(key: operation.key, changes: operation.changes), condition: operation.condition,
            expectVersion: operation.expectVersion, selection: selection,
            fetchSelection: operation.versioned ? RecordUpdater.withSyncFields(selection) : selection, versioned: operation.versioned)
        switch try await updater.run(target) {
        case .updated(let item, _, let before):
            let object = item.objectValue
            return result(operation, .updated, item: object, undo: revert(operation, before: before, after: object))
        case .unchanged(let record):
            return result(operation, .unchanged, item: record)
        }
    }

    // MARK: - Create

    private func create(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let model = operation.model
        let request = try documents.createMutation(
            model: model, selection: selection(model), input: ChangeSet(key: operation.key, changes: operation.changes).input(version: nil),
            condition: operation.condition)
        let outcome = await sender.send(request)
        let response = try outcome.result.get()
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            if outcome.ambiguous, model.operations.get != nil, let record = try await fetch(model, key: operation.key),
                !isGone(record), applied(record, operation)
            {
                return result(operation, .created, item: record, undo: removal(operation, item: record))
            }
            throw GQLPatchError(.conflict, "\(operation.recordName) already exists (or the \"if\" condition is false); nothing was written")
        }
        if let failure = response.failure { throw failure }
        guard let item = mutationItem(response, field: model.operations.create) else {
            throw GQLPatchError(.badResponse, "\(model.operations.create ?? "create") returned null")
        }
        // An id made from the line (no "key" given) is the server's to replace; a key given must come back.
        try ResponseKeyCheck.check(item, model: model, key: operation.keyGiven ? operation.key : JSONObject(), field: model.operations.create ?? "create")
        return result(operation, .created, item: item, undo: removal(operation, item: item))
    }

    private func removal(_ operation: BatchOperation, item: JSONObject) -> UndoAction {
        .remove(
            model: operation.model.name, key: operation.key, left: operation.changes,
            version: operation.versioned ? item["_version"]?.intValue : nil)
    }

    // MARK: - Delete

    private func deleteVersioned(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let model = operation.model
        var lostWrite = false
        var lastProblem = ""
        for _ in 0...retryConflicts {
            let record = try await fetch(model, key: operation.key)
            guard let record, !isGone(record) else {
                if lostWrite { return result(operation, .deleted, item: record) }
                throw GQLPatchError(.notFound, "no \(operation.recordName)")
            }
            let version = try version(of: record, operation)
            if let expected = operation.expectVersion, expected != version {
                throw GQLPatchError(.conflict, "\(operation.recordName) is at _version \(version), not \(expected) (expectVersion); nothing was deleted")
            }
            var input = operation.key
            input["_version"] = .int(version)
            let request = try documents.deleteMutation(model: model, selection: selection(model), input: input, condition: operation.condition)
            let outcome = await sender.send(request)
            let response = try outcome.result.get()
            if outcome.ambiguous { lostWrite = true }
            if let conflict = response.errors.first(where: \.isConflict) {
                if operation.expectVersion != nil, !outcome.ambiguous {
                    throw GQLPatchError(.conflict, "\(operation.recordName) changed after _version \(version) was read: \(conflict.summary)")
                }
                lastProblem = "version conflict (\(conflict.summary))"
                continue
            }
            if response.errors.contains(where: \.isConditionalCheckFailed) {
                let current = try await fetch(model, key: operation.key)
                if isGone(current) {
                    if lostWrite { return result(operation, .deleted, item: current) }
                    throw GQLPatchError(.notFound, "no \(operation.recordName)")
                }
                throw GQLPatchError(.conflict, "\(operation.recordName): the \"if\" condition is false; nothing was deleted")
            }
            if let failure = response.failure { throw failure }
            try ResponseKeyCheck.check(response, model: model, key: operation.key, field: model.operations.delete)
            return result(operation, .deleted, item: mutationItem(response, field: model.operations.delete))
        }
        throw GQLPatchError(.conflict, "\(operation.recordName): \(lastProblem) after \(retryConflicts) retries; giving up")
    }

    private func deleteUnversioned(_ operation: BatchOperation) async throws(GQLPatchError) -> LineResult {
        let model = operation.model
        var before: JSONObject?
        if atomic {
            guard let record = try await fetch(model, key: operation.key), !isGone(record) else {
                throw GQLPatchError(.notFound, "no \(operation.recordName)")
            }
            before = record
        }
        let request = try documents.deleteMutation(model: model, selection: selection(model), input: operation.key, condition: operation.condition)
        let outcome = await sender.send(request)
        let response = try outcome.result.get()
        if response.errors.contains(where: \.isConflict), conflictResolution == .auto, model.operations.get != nil {
            var versioned = operation
            versioned.versioned = true
            return try await deleteVersioned(versioned)
        }
        let undo = before.map { UndoAction.recreate(model: model.name, key: operation.key, record: $0) }
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            let current = model.operations.get != nil ? try await fetch(model, key: operation.key) : nil
            if current == nil {
                if outcome.ambiguous { return result(operation, .deleted, item: before, undo: undo) }
                throw GQLPatchError(.notFound, "no \(operation.recordName)")
            }
            throw GQLPatchError(.conflict, "\(operation.recordName): the \"if\" condition is false; nothing was deleted")
        }
        if let failure = response.failure { throw failure }
        try ResponseKeyCheck.check(response, model: model, key: operation.key, field: model.operations.delete)
        return result(operation, .deleted, item: mutationItem(response, field: model.operations.delete), undo: undo)
    }
}
