import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// What to delete.
    package struct DeleteTarget: Sendable {
        package var model: Model
        package var key: JSONObject
        package var condition: JSONValue?
        package var expectVersion: Int?
        /// The fields the mutation returns.
        package var selection: SelectionSet
        /// The fields of the read before an unversioned delete (`readsBefore`).
        package var fetchSelection: SelectionSet
        package var versioned: Bool

        package init(
            model: Model, key: JSONObject, condition: JSONValue? = nil, expectVersion: Int? = nil,
            selection: SelectionSet,
            fetchSelection: SelectionSet? = nil, versioned: Bool
        ) {
            self.model = model
            self.key = key
            self.condition = condition
            self.expectVersion = expectVersion
            self.selection = selection
            self.fetchSelection = fetchSelection ?? selection
            self.versioned = versioned
        }
    }

    package struct DeleteOutcome: Sendable {
        /// The deleted record as the mutation returned it (nil when a lost try turned out to have deleted it).
        package var record: JSONValue?
        package var response: GraphQLResponse?
        /// The `_version` the delete was sent with (versioned: the delete is soft).
        package var version: Int?
        /// The record as read before the delete (`readsBefore`).
        package var before: JSONObject?
    }

    /// The selection of the version read: the key, the version field (`_version`, or v1 `@versioned`'s),
    /// and `_deleted` where the schema has it.
    package static func versionSelection(for model: Model) -> SelectionSet {
        var fields = model.primaryKey.map { SelectionSet.Field(name: $0) }
        fields.append(SelectionSet.Field(name: VersionScheme.of(model).recordField))
        if model.field("_deleted") != nil { fields.append(SelectionSet.Field(name: "_deleted")) }
        return SelectionSet(fields: fields)
    }

    /// Deletes one record. Versioned: read `_version` (a missing or soft-deleted record is not
    /// found), refuse a wrong expected version, send it, and read again and retry after a version
    /// conflict. Unversioned: send the key; under `ConflictResolution.auto` a version conflict
    /// shows the API is versioned after all, and the delete switches to the versioned path, as an
    /// update does (unless the compiled schema's delete input has no `_version`). A failed condition
    /// is told apart from a missing record by reading the key; after a lost try, a record that is
    /// gone was deleted by that try. `readsBefore`: read the record first (`apply --atomic` keeps it to
    /// re-create it).
    package func delete(_ target: DeleteTarget, readsBefore: Bool = false) async throws(GQLPatchError) -> DeleteOutcome
    {
        try VersionScheme.checkWritable(target.model)
        guard undoLog != nil else { return try await deleting(target, readsBefore: readsBefore) }
        // Logged: read the whole record first; the caller gets what it asked for.
        var wide = target
        wide.selection = undoSelection(target.selection, model: target.model)
        wide.fetchSelection = undoSelection(target.fetchSelection, model: target.model)
        var outcome = try await deleting(wide, readsBefore: true)
        if let record = outcome.record?.objectValue {
            outcome.record = .object(SelectionProjection.project(record, onto: target.selection))
        }
        return outcome
    }

    private func deleting(_ target: DeleteTarget, readsBefore: Bool) async throws(GQLPatchError) -> DeleteOutcome {
        target.versioned
            ? try await deleteVersioned(target) : try await deleteUnversioned(target, readsBefore: readsBefore)
    }

    private func isGone(_ record: JSONObject?) -> Bool {
        guard let record else { return true }
        return record["_deleted"] == .bool(true)
    }

    private func deleteUnversioned(_ target: DeleteTarget, readsBefore: Bool) async throws(GQLPatchError)
        -> DeleteOutcome
    {
        let model = target.model
        let name = ModelLookup.describe(model: model, key: target.key)
        var before: JSONObject?
        if readsBefore {
            let record = try await fetch(model, key: target.key, selection: target.fetchSelection)
            guard let record, !isGone(record) else { throw GQLPatchError(.notFound, "no \(name)") }
            before = record
        }
        let request = try deleteRequest(target, version: nil)
        let sent = try await sendWrite(request, write: "delete", model: model, key: target.key, before: before)
        if conflictResolution == .auto, let conflict = sent.response.errors.first(where: \.isConflict),
            model.operations.get != nil,
            canSendVersion(inputName: model.operations.deleteInput)
        {
            note(
                "gqlpatch: note: the API checks versions for \(model.name) (\(conflict.summary)); fetching _version and retrying"
            )
            var versioned = target
            versioned.versioned = true
            return try await deleteVersioned(versioned)
        }
        return try await finishDelete(target, sent: sent, version: nil, before: before, lostTry: sent.ambiguous)
    }

    private func deleteVersioned(_ target: DeleteTarget) async throws(GQLPatchError) -> DeleteOutcome {
        let model = target.model
        let name = ModelLookup.describe(model: model, key: target.key)
        let scheme = VersionScheme.of(model)
        let versionName = scheme.recordField
        var lostTry = false  // a try whose answer was lost may have deleted the record
        return try await retryingConflicts(name) { (_) throws(GQLPatchError) -> ConflictTry<DeleteOutcome> in
            let record = try await fetch(
                model, key: target.key, selection: undoSelection(Self.versionSelection(for: model), model: model))
            if lostTry, isGone(record) {
                return .done(
                    DeleteOutcome(record: record.map(JSONValue.object), response: nil, version: nil, before: nil))
            }
            guard let record else { throw GQLPatchError(.notFound, "no \(name)") }
            if record["_deleted"] == .bool(true) {
                throw GQLPatchError(.notFound, "\(name) is already deleted (_deleted: true)")
            }
            guard case .int(let version) = record[versionName] ?? .null else {
                throw GQLPatchError(
                    .badResponse,
                    "the server's \(name) has no integer \(versionName) although the model is versioned")
            }
            if let expected = target.expectVersion, expected != version {
                throw GQLPatchError(
                    .conflict,
                    "\(name) is at \(versionName) \(version), not \(expected) (\(wording.name(.expectVersion))); nothing was deleted"
                )
            }
            let request = try deleteRequest(target, version: version)
            let sent = try await sendWrite(
                request, write: "delete", model: model, key: target.key, before: undoLog == nil ? nil : record)
            if sent.ambiguous { lostTry = true }
            if scheme.isFieldVersioning, sent.response.errors.contains(where: \.isConditionalCheckFailed) {
                // A stale version, a missing record and a false condition all fail the delete's condition;
                // after a lost try, a record that is gone was deleted by it.
                let moved: Int?
                do throws(GQLPatchError) {
                    moved = try await movedVersion(
                        model, key: target.key, scheme: scheme, sent: version, response: sent.response,
                        describe: name)
                } catch {
                    guard lostTry, error.code == .notFound else { throw error }
                    return .done(DeleteOutcome(record: .object(record), response: nil, version: nil, before: nil))
                }
                guard let moved else {
                    return .done(
                        try await finishDelete(target, sent: sent, version: nil, before: nil, lostTry: lostTry))
                }
                if target.expectVersion != nil, !sent.ambiguous {
                    try rejected(sent.response)
                    throw GQLPatchError(
                        .conflict,
                        "\(name) changed after \(versionName) \(version) was read (now \(moved)); nothing was deleted")
                }
                return .conflict(
                    problem: "version conflict (\(versionName) \(version) was read, the record is at \(moved) now)",
                    response: sent.response)
            }
            if let conflict = sent.response.errors.first(where: \.isConflict) {
                if target.expectVersion != nil, !sent.ambiguous {
                    try rejected(sent.response)
                    throw GQLPatchError(
                        .conflict,
                        "\(name) changed after _version \(version) was read: \(conflict.summary); nothing was deleted")
                }
                return .conflict(problem: "version conflict (\(conflict.summary))", response: sent.response)
            }
            // v1 `@versioned` deletes are hard: no version to report as soft.
            return .done(
                try await finishDelete(
                    target, sent: sent, version: scheme.isFieldVersioning ? nil : version, before: nil,
                    lostTry: lostTry))
        }
    }

    /// Success: the record. Errors: sort out not-found from a failed condition, then fail with the code.
    private func finishDelete(
        _ target: DeleteTarget, sent: Sent, version: Int?, before: JSONObject?, lostTry: Bool
    ) async throws(GQLPatchError) -> DeleteOutcome {
        let model = target.model
        let name = ModelLookup.describe(model: model, key: target.key)
        let response = sent.response
        if response.errors.isEmpty {
            guard let item = response.field(model.operations.delete ?? "") else {
                try rejected(response)
                throw GQLPatchError(.notFound, "no \(name) (the server returned null)")
            }
            try ResponseKeyCheck.check(response, model: model, key: target.key, field: model.operations.delete)
            return DeleteOutcome(record: item, response: response, version: version, before: before)
        }
        try rejected(response)
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            if model.operations.get != nil {
                var selection = Self.keySelection(model)
                if model.field("_deleted") != nil { selection.fields.append(SelectionSet.Field(name: "_deleted")) }
                let current = try await fetch(model, key: target.key, selection: selection)
                if isGone(current) {
                    // After a lost try the record being gone is that try's doing.
                    if lostTry {
                        return DeleteOutcome(
                            record: before.map(JSONValue.object), response: nil, version: version, before: before)
                    }
                    throw GQLPatchError(.notFound, "no \(name)")
                }
            }
            let reason =
                target.condition == nil
                ? "the delete's condition failed" : "the \(wording.name(.condition)) condition is false"
            let message = "\(name): \(reason) (\(response.errors[0].summary)); nothing was deleted"
            if target.condition == nil { throw GQLPatchError(.conflict, message) }
            throw GQLPatchError(.conflict, message, kind: .conditionFalse)
        }
        if response.errors.contains(where: \.isUnauthorized) {
            throw await refusedWrite(
                model, key: target.key, response: response, describe: name, nothing: "nothing was deleted")
        }
        throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
    }
}
