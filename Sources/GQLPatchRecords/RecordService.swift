import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The one set of single-record rules that the commands (`get`, `create`, `update`, `delete`,
/// `delete --cascade`) and `apply` share: how a record is read, created, updated and deleted, when
/// a model's writes carry `_version`, how a version conflict is retried and an AUTOMERGE answer
/// recognised, that every answer is for the record asked for (`ResponseKeyCheck`), and how a try
/// whose answer was lost is recognised afterwards. It talks to the server only through `send`
/// (the commands send through their client, `apply` through its retrying, rate-limited sender) and
/// prints nothing: progress goes to `note`, a failed response to `rejected`, and messages name the
/// input through the caller's `wording`. Its writes are in extensions by concern (`+Create`,
/// `+Update` with its versioned and guarded paths, `+Delete`, `+Next`), and every version conflict
/// is retried by one loop (`retryingConflicts`).
package struct RecordService: Sendable {
    /// A request's answer, and whether an earlier try of it may have been applied unseen (a retry
    /// after a lost answer): a conflict or failed condition that follows may be that try's own doing.
    package struct Sent: Sendable {
        package var response: GraphQLResponse
        package var ambiguous: Bool

        package init(response: GraphQLResponse, ambiguous: Bool) {
            self.response = response
            self.ambiguous = ambiguous
        }
    }

    package typealias Send = @Sendable (_ request: GraphQLRequestBody) async throws(GQLPatchError) -> Sent
    /// Adds to a write's error what the caller can say about a write that may have happened
    /// (`write`: "create", "update", "delete"; `key` nil when the server makes it).
    package typealias LostWrite =
        @Sendable (_ error: GQLPatchError, _ write: String, _ model: Model, _ key: JSONObject?) -> GQLPatchError

    package var catalogue: ModelCatalogue
    package var conflictResolution: ConflictResolution
    /// Retries after a version conflict (`--retry-conflicts`).
    package var retryConflicts: Int
    package var wording: any InputWording
    package var send: Send
    /// Progress notes for stderr (conflict retries, the switch to the versioned path, a lost try recognised).
    package var note: @Sendable (String) -> Void
    /// Called with a failed response before its error is thrown (`--output envelope` prints it).
    package var rejected: @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void
    package var lostWrite: LostWrite
    /// Told of each write just before it is sent (`apply --journal` records it, fsynced): "create",
    /// "update", "touch" or "delete", the model, and the fields the record holds once the write has
    /// landed (the typed values the write sends, its key and version aside; nil when no value tells:
    /// a delete, a touch). A failure stops the write.
    package var beforeWrite:
        (@Sendable (_ write: String, _ model: Model, _ lands: JSONObject?) throws(GQLPatchError) -> Void)?
    /// `--undo-log`: each write is recorded with the record as read before it, then with the answer.
    /// With one, every write reads its record first and selects the whole record (`undoSelection`);
    /// the caller still gets the fields it asked for.
    package var undoLog: (any UndoRecording)?

    package init(
        catalogue: ModelCatalogue, conflictResolution: ConflictResolution, retryConflicts: Int,
        wording: any InputWording,
        send: @escaping Send, note: @escaping @Sendable (String) -> Void = { _ in },
        rejected: @escaping @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void = { _ in },
        lostWrite: @escaping LostWrite = { error, _, _, _ in error }
    ) {
        self.catalogue = catalogue
        self.conflictResolution = conflictResolution
        self.retryConflicts = retryConflicts
        self.wording = wording
        self.send = send
        self.note = note
        self.rejected = rejected
        self.lostWrite = lostWrite
    }

    // MARK: - Versioning

    /// Whether `model`'s writes carry `_version` under `resolution` (`auto`: when the schema says so), or
    /// v1 `@versioned`'s expected version, which its inputs require whatever `resolution` says.
    package static func isVersioned(_ model: Model, under resolution: ConflictResolution) -> Bool {
        if model.fieldVersioning != nil { return true }
        switch resolution {
        case .on: return true
        case .off: return false
        case .auto: return model.isVersioned
        }
    }

    package func isVersioned(_ model: Model) -> Bool {
        Self.isVersioned(model, under: conflictResolution)
    }

    /// False when the schema is the API's own compiled one and the mutation's input (`inputName`)
    /// has no `_version`: gqlpatch never sends a field the input type lacks.
    package func canSendVersion(inputName: String?) -> Bool {
        guard catalogue.origin == .compiledSchema, let inputName, let input = catalogue.inputObjects[inputName] else {
            return true
        }
        return input.field("_version") != nil
    }

    /// The fetch must see `_version` and `_deleted` whatever the schema or the selection say: the
    /// versioned path sends the one and refuses a soft-deleted record by the other.
    package static func withSyncFields(_ selection: SelectionSet) -> SelectionSet {
        var result = selection
        for name in ["_version", "_deleted"] where !result.contains(name) {
            result.fields.append(SelectionSet.Field(name: name))
        }
        return result
    }

    // MARK: - Read

    /// A record as read, with the whole response (`--output envelope` prints it).
    package struct Read: Sendable {
        /// Nil when the server has no record for the key.
        package var record: JSONObject?
        package var response: GraphQLResponse
    }

    /// `get<Model>` for the key. A failed response goes to `rejected` and is thrown; a record for
    /// another key is refused (`ResponseKeyCheck`).
    package func read(_ model: Model, key: JSONObject, selection: SelectionSet) async throws(GQLPatchError) -> Read {
        let request = try readRequest(model, key: key, selection: selection)
        let response = try await send(request).response
        if let failure = response.failure {
            try rejected(response)
            throw failure
        }
        let field = model.operations.get ?? "get"
        guard let value = response.field(field), !value.isNull else { return Read(record: nil, response: response) }
        guard let object = value.objectValue else {
            throw GQLPatchError(.badResponse, "\(field) returned \(value.serialized()) where an object was expected")
        }
        try ResponseKeyCheck.check(object, model: model, key: key, field: field)
        return Read(record: object, response: response)
    }

    /// The record for the key, or nil when there is none.
    package func fetch(_ model: Model, key: JSONObject, selection: SelectionSet) async throws(GQLPatchError)
        -> JSONObject?
    {
        try await read(model, key: key, selection: selection).record
    }

    /// Sends a write; an error with no answer (a lost connection, a 5xx), or an answer whose error
    /// may have come after the write ran (a mapping template's), gets the caller's lost-write words.
    /// `before`: the record as read before the write (the undo log keeps it).
    package func sendWrite(
        _ request: GraphQLRequestBody, write: String, model: Model, key: JSONObject?,
        lands: @autoclosure () -> JSONObject? = nil, before: JSONObject? = nil
    ) async throws(GQLPatchError) -> Sent {
        // Worked out only for a journal or a log: a run without one pays nothing per write.
        if let beforeWrite { try beforeWrite(write, model, lands()) }
        var logged: Int?
        if let undoLog {
            let sends = lands()
            logged = try await undoLog.sending(
                LoggedWrite(
                    write: write, model: model.name, key: key, before: before,
                    fields: sends.map { Array($0.keys) } ?? [], sends: sends))
        }
        let sent: Sent
        do {
            sent = try await send(request)
        } catch {
            throw lostWrite(error, write, model, key)
        }
        if let undoLog, let logged {
            try await Self.recordAnswer(sent, write: write, model: model, entry: logged, in: undoLog)
        }
        let errors = sent.response.errors
        if errors.contains(where: \.mayFollowAWrite),
            !errors.contains(where: { $0.isConflict || $0.isConditionalCheckFailed || $0.isUnauthorized }),
            var failure = sent.response.failure
        {
            try rejected(sent.response)
            failure.requestMayHaveArrived = true
            throw lostWrite(failure, write, model, key)
        }
        return sent
    }

    /// Tells the undo log how a logged write's answer came out. An answer that may follow a try that
    /// landed unseen, or that is neither the record nor a plain refusal, is left in doubt: undo reads
    /// the record to settle it.
    private static func recordAnswer(
        _ sent: Sent, write: String, model: Model, entry: Int, in log: any UndoRecording
    ) async throws(GQLPatchError) {
        let errors = sent.response.errors
        let field =
            switch write {
            case "create": model.operations.create
            case "delete": model.operations.delete
            default: model.operations.update
            }
        if errors.isEmpty, let field, let after = sent.response.field(field)?.objectValue {
            try await log.landed(entry, after: after)
        } else if !sent.ambiguous, !errors.isEmpty, !errors.contains(where: \.mayFollowAWrite),
            errors.allSatisfy({ $0.isConflict || $0.isConditionalCheckFailed || $0.isUnauthorized })
        {
            try await log.refused(entry)
        }
    }

    /// The selection of a logged write's reads and answer: what the caller asked for and the whole
    /// record, so the log holds every value the write may change and the `_version` it left.
    package func undoSelection(_ selection: SelectionSet, model: Model) -> SelectionSet {
        guard undoLog != nil else { return selection }
        return selection.merged(
            with: SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model))
    }

    /// After a v1 `@versioned` write failed its condition: the record's version now when it is not
    /// `sent` (a version conflict); nil when it still is (the caller's condition failed: the write's
    /// finish tells which). A record that is gone is not found (the failed response goes to `rejected`).
    package func movedVersion(
        _ model: Model, key: JSONObject, scheme: VersionScheme, sent: Int, response: GraphQLResponse,
        describe: String
    ) async throws(GQLPatchError) -> Int? {
        var selection = Self.keySelection(model)
        selection.fields.append(SelectionSet.Field(name: scheme.recordField))
        guard let record = try await fetch(model, key: key, selection: selection) else {
            try rejected(response)
            throw GQLPatchError(.notFound, "no \(describe)")
        }
        guard case .int(let now) = record[scheme.recordField] ?? .null else {
            throw GQLPatchError(
                .badResponse,
                "the server's \(describe) has no integer \(scheme.recordField) although the model is versioned")
        }
        return now == sent ? nil : now
    }

    /// The error for a write answered `Unauthorized`. Owner rules answer so for a key that has no
    /// record as well as for another owner's record (the resolver cannot tell them apart), so the key
    /// is read: no record there is "no such record, or not yours" (not found); a record there, or a
    /// read that fails, leaves the refusal as it was.
    package func refusedWrite(
        _ model: Model, key: JSONObject, response: GraphQLResponse, describe: String, nothing: String
    ) async -> GQLPatchError {
        let refusal = response.failure ?? GQLPatchError(.unauthorized, "not authorized")
        guard model.operations.get != nil,
            let read = try? await read(model, key: key, selection: Self.keySelection(model)),
            read.record == nil, read.response.errors.isEmpty
        else { return refusal }
        let summary = response.errors.first { $0.isUnauthorized }?.summary ?? refusal.message
        return GQLPatchError(.notFound, "no \(describe), or not yours (\(summary)); \(nothing)")
    }

    /// The key fields only: enough to tell a missing record from a failed condition.
    package static func keySelection(_ model: Model) -> SelectionSet {
        SelectionSet(fields: model.primaryKey.map { SelectionSet.Field(name: $0) })
    }
}
