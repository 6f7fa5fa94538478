import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// Updates one record, by the rules `update`, `edit`, `upsert` and `apply` share. Unversioned: send
    /// the change; under `ConflictResolution.auto`, a version conflict switches to the versioned path
    /// (unless the compiled schema's update input has no `_version` to send). An answer with other
    /// values than were sent is the server's answer, never taken for AUTOMERGE (a server may store
    /// another spelling): it is noted. Versioned (`updateVersioned`): fetch the record and its
    /// `_version`, refuse a missing or soft-deleted record and a wrong expected version, do nothing
    /// when the record already holds the values, send the change with `_version`, and refetch and
    /// retry after a version conflict or a merge that kept the server's values. Edits of an
    /// unversioned record are guarded (`updateGuarded`). Values compare by the field's type
    /// (`ResponseComparer`). A failed condition is told apart from a missing record by reading the key.
    ///
    /// `apply` sends through a retrying sender: when a try's answer was lost (`Sent.ambiguous`), a
    /// conflict or failed condition that follows may be that try's own doing, so the record is read
    /// and, when it already holds the change, the update counts as done once (`.updated` with no
    /// response). `readsBefore`: read the record before an unversioned update too (`apply --atomic`
    /// needs the previous values).
    package func update(_ target: UpdateTarget, readsBefore: Bool = false) async throws(GQLPatchError)
        -> UpdateOutcome
    {
        try VersionScheme.checkWritable(target.model)
        guard undoLog != nil else { return try await updating(target, readsBefore: readsBefore) }
        // Logged: read first and select the whole record; the caller gets what it asked for.
        var wide = target
        wide.selection = undoSelection(target.selection, model: target.model)
        wide.fetchSelection = undoSelection(target.fetchSelection, model: target.model)
        switch try await updating(wide, readsBefore: true) {
        case .updated(let item, let response, let before):
            let narrowed = item.objectValue.map {
                JSONValue.object(SelectionProjection.project($0, onto: target.selection))
            }
            return .updated(item: narrowed ?? item, response: response, before: before)
        case .unchanged(let record, let read):
            return .unchanged(record: SelectionProjection.project(record, onto: target.fetchSelection), read: read)
        }
    }

    private func updating(_ target: UpdateTarget, readsBefore: Bool) async throws(GQLPatchError) -> UpdateOutcome {
        if target.versioned { return try await updateVersioned(target) }
        // A change worked out from the record needs a read and a guard on an unversioned model too.
        let readsFirst = !target.changeSet.edits.isEmpty || target.differencesOnly
        return readsFirst
            ? try await updateGuarded(target) : try await updateUnversioned(target, readsBefore: readsBefore)
    }

    private func updateUnversioned(_ target: UpdateTarget, readsBefore: Bool) async throws(GQLPatchError)
        -> UpdateOutcome
    {
        let model = target.model
        var before: JSONObject?
        if readsBefore {
            let read = try await self.read(model, key: target.changeSet.key, selection: target.fetchSelection)
            guard let record = read.record else {
                throw GQLPatchError(.notFound, "no \(target.name)")
            }
            if target.condition == nil, !target.touches,
                comparer(target).allApplied(record: record, changes: target.changeSet.changes)
            {
                return .unchanged(record: record, read: read.response)
            }
            before = record
        }
        let request = try updateRequest(target, target.changeSet, version: nil, condition: target.condition)
        let sent = try await sendUpdate(request, target, changes: target.changeSet, before: before)
        let response = sent.response
        // The schema did not say, but the API checks versions: switch to the versioned path, unless
        // the compiled schema's update input has no `_version` (gqlpatch never sends a field the
        // input type lacks).
        if conflictResolution == .auto, let conflict = response.errors.first(where: \.isConflict),
            switchesToVersions(model)
        {
            note(
                "gqlpatch: note: the API checks versions for \(model.name) (\(conflict.summary)); fetching _version and retrying"
            )
            return try await updateVersioned(versionedTarget(target))
        }
        if response.errors.isEmpty, let object = response.field(model.operations.update ?? "")?.objectValue {
            let differing = comparer(target).unchangedFields(
                record: object, changes: target.changeSet.changes, selection: target.selection)
            if !differing.isEmpty {
                note(
                    "gqlpatch: note: \(target.name): the server answered other values than were sent for \(differing.joined(separator: ", ")) (kept as answered; for an API that merges versions, use \(wording.name(.conflictResolution)) \(ConflictResolution.on.rawValue))"
                )
            }
        }
        return try await finishUpdate(target, sent: sent, before: before)
    }

    // MARK: - Shared by the update paths

    /// Sends an update mutation; its answer must be for the record asked for.
    func sendUpdate(_ request: GraphQLRequestBody, _ target: UpdateTarget, changes: ChangeSet, before: JSONObject?)
        async throws(GQLPatchError) -> Sent
    {
        // A touch changes no value: nothing read afterwards tells whether it landed.
        let sent = try await sendWrite(
            request, write: target.touches ? "touch" : "update", model: target.model, key: target.changeSet.key,
            lands: target.touches ? nil : changes.changes, before: before)
        try ResponseKeyCheck.check(
            sent.response, model: target.model, key: target.changeSet.key, field: target.model.operations.update)
        return sent
    }

    /// `changes` without the fields `record` already holds, for a whole-record patch (every change otherwise).
    func differences(_ changes: ChangeSet, _ record: JSONObject, _ target: UpdateTarget) -> ChangeSet {
        guard target.differencesOnly else { return changes }
        let differing = Set(comparer(target).unchangedFields(record: record, changes: changes.changes))
        var kept = changes
        kept.changes = JSONObject(changes.changes.filter { differing.contains($0.key) }.map { ($0.key, $0.value) })
        return kept
    }

    /// The change to send against `record`: edits (nested fields, lists, counters) worked out from it,
    /// and for a whole-record patch only what differs.
    func resolved(_ target: UpdateTarget, against record: JSONObject) throws(GQLPatchError) -> ChangeSet {
        let editor = FieldEditor(catalogue: catalogue, model: target.model)
        return differences(try target.changeSet.resolved(against: record, editor: editor), record, target)
    }

    func comparer(_ target: UpdateTarget) -> ResponseComparer {
        ResponseComparer(catalogue: catalogue, model: target.model)
    }

    /// Whether a version conflict on an unversioned write may switch to the versioned path: the
    /// record can be read, and the update input can carry `_version`.
    func switchesToVersions(_ model: Model) -> Bool {
        model.operations.get != nil && canSendVersion(inputName: model.operations.updateInput)
    }

    func versionedTarget(_ target: UpdateTarget) -> UpdateTarget {
        var versioned = target
        versioned.versioned = true
        versioned.fetchSelection = Self.withSyncFields(target.fetchSelection)
        return versioned
    }

    /// Success: the record. Errors: sort out not-found from a failed condition, then fail with the code.
    func finishUpdate(_ target: UpdateTarget, sent: Sent, before: JSONObject?) async throws(GQLPatchError)
        -> UpdateOutcome
    {
        let response = sent.response
        let model = target.model
        if response.errors.isEmpty {
            guard let item = response.field(model.operations.update ?? "") else {
                try rejected(response)
                throw GQLPatchError(.notFound, "no \(target.name) (the server returned null)")
            }
            guard item.objectValue != nil else {
                try rejected(response)
                throw GQLPatchError(
                    .badResponse, "\(model.operations.update ?? "") returned \(item) where an object was expected")
            }
            return .updated(item: item, response: response, before: before)
        }
        try rejected(response)
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            if model.operations.get != nil {
                if sent.ambiguous {
                    // A lost try may have written the change and made this one's condition fail.
                    let record = try await fetch(model, key: target.changeSet.key, selection: target.fetchSelection)
                    guard let record, record["_deleted"] != .bool(true) else {
                        throw GQLPatchError(.notFound, "no \(target.name)")
                    }
                    if comparer(target).allApplied(record: record, changes: target.changeSet.changes) {
                        return .updated(item: .object(record), response: nil, before: before)
                    }
                } else {
                    let record = try await fetch(model, key: target.changeSet.key, selection: Self.keySelection(model))
                    if record == nil { throw GQLPatchError(.notFound, "no \(target.name)") }
                }
            }
            let reason =
                target.condition == nil
                ? "the update's condition failed" : "the \(wording.name(.condition)) condition is false"
            let message = "\(target.name): \(reason) (\(response.errors[0].summary)); nothing was written"
            if target.condition == nil { throw GQLPatchError(.conflict, message) }
            throw GQLPatchError(.conflict, message, kind: .conditionFalse)
        }
        if response.errors.contains(where: \.isUnauthorized) {
            throw await refusedWrite(
                model, key: target.changeSet.key, response: response, describe: target.name,
                nothing: "nothing was written")
        }
        throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
    }
}
