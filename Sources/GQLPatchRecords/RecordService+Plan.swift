import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// What the record rules would send, for a dry run: the requests they build (`+Requests`), in
    /// order, each value only an earlier read could give shown as a placeholder. Nothing is sent.

    /// The read of one record.
    package func plannedRead(_ model: Model, key: JSONObject, selection: SelectionSet, purpose: String)
        throws(GQLPatchError) -> PlannedRequest
    {
        PlannedRequest(purpose, try readRequest(model, key: key, selection: selection))
    }

    /// `update(target)`: the version read and the update with it (versioned); the read and the
    /// guarded update its edits are worked out from (unversioned edits); else the update alone.
    package func plannedUpdate(_ target: UpdateTarget) throws(GQLPatchError) -> [PlannedRequest] {
        try VersionScheme.checkWritable(target.model)
        let model = target.model
        // An edited field's new value is worked out from the record the first step reads.
        var changes = target.changeSet
        for edit in changes.edits { changes.changes[edit.field] = .string("<\(edit.field) from step 1, edited>") }
        if target.versioned {
            let scheme = VersionScheme.of(model)
            let read = try plannedRead(
                model, key: target.changeSet.key, selection: target.fetchSelection,
                purpose: "fetch the record and its \(scheme.recordField)")
            let purpose =
                scheme.isFieldVersioning
                ? "update, with \(scheme.inputField) = \(scheme.recordField) from step 1"
                : "update, with _version from step 1"
            let update = PlannedRequest(
                purpose, try updateRequest(target, changes, version: 0, condition: target.condition))
            return [read, update.showing("<\(scheme.recordField) from step 1>", as: scheme.inputField)]
        }
        guard changes.edits.isEmpty else {
            var fetch = target.fetchSelection
            for name in WriteGuard(catalogue: catalogue, model: model).readFields where !fetch.contains(name) {
                fetch.fields.append(.init(name: name))
            }
            let guarding: JSONValue =
                target.unguarded
                ? .string("<none: \(wording.name(.unguarded))>")
                : .string("<the values step 1 read: each counter's old value, else updatedAt>")
            let condition = WriteGuard.combined(target.condition, [.object(JSONObject([("guard", guarding)]))])
            return [
                try plannedRead(model, key: target.changeSet.key, selection: fetch, purpose: "fetch the record"),
                PlannedRequest(
                    "update, with the edits worked out from step 1 and guarded by its values",
                    try updateRequest(target, changes, version: nil, condition: condition)),
            ]
        }
        return [PlannedRequest("update", try updateRequest(target, changes, version: nil, condition: target.condition))]
    }

    /// `delete(target)`: the version read and the delete with it (versioned), else the delete alone.
    package func plannedDelete(_ target: DeleteTarget) throws(GQLPatchError) -> [PlannedRequest] {
        try VersionScheme.checkWritable(target.model)
        guard target.versioned else { return [PlannedRequest("delete", try deleteRequest(target, version: nil))] }
        let scheme = VersionScheme.of(target.model)
        let read = try plannedRead(
            target.model, key: target.key, selection: Self.versionSelection(for: target.model),
            purpose: "fetch the record's \(scheme.recordField)")
        let purpose =
            scheme.isFieldVersioning
            ? "delete, with \(scheme.inputField) = \(scheme.recordField) from step 1"
            : "delete, with _version from step 1"
        let delete = PlannedRequest(purpose, try deleteRequest(target, version: 0))
        return [read, delete.showing("<\(scheme.recordField) from step 1>", as: scheme.inputField)]
    }

    /// `create(target)`.
    package func plannedCreate(_ target: CreateTarget, purpose: String = "create") throws(GQLPatchError)
        -> PlannedRequest
    {
        PlannedRequest(purpose, try createRequest(target))
    }
}
