import JSON
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

/// Deletes one record by key: for versioned models it fetches `_version` first (a missing or already
/// deleted record is "not found") and retries version conflicts; a failed condition is told apart from
/// a missing record by fetching it.
package struct RecordDeleter: Sendable {
    package var settings: Settings
    package var session: CommandSession

    /// The deleted record as the mutation returned it, and the response.
    package struct Outcome: Sendable {
        package var record: JSONValue
        package var response: GraphQLResponse
        /// The `_version` the delete was sent with (versioned models).
        package var version: Int?
    }

    package func isVersioned(_ model: Model) -> Bool {
        switch settings.options.conflictResolution {
        case .on: return true
        case .off: return false
        case .auto: return model.isVersioned
        }
    }

    /// The selection of the `_version` fetch: the key, `_version`, `_deleted`.
    package static func versionSelection(for model: Model) -> SelectionSet {
        var fields = model.primaryKey.map { SelectionSet.Field(name: $0) }
        fields.append(SelectionSet.Field(name: "_version"))
        if model.field("_deleted") != nil { fields.append(SelectionSet.Field(name: "_deleted")) }
        return SelectionSet(fields: fields)
    }

    package func delete(
        model: Model, key: JSONObject, condition: JSONValue?, expectVersion: Int?, selection: SelectionSet
    ) async throws(GQLPatchError) -> Outcome {
        let name = ModelLookup.describe(model: model, key: key)
        let documents = DocumentBuilder()
        guard isVersioned(model) else {
            let request = try documents.deleteMutation(model: model, selection: selection, input: key, condition: condition)
            let response = try await sendDelete(request, model: model, key: key)
            return try await finish(model: model, key: key, condition: condition, response: response, version: nil)
        }
        var lastConflict = ""
        for attempt in 0...settings.options.retryConflicts {
            let record = try await session.fetch(model: model, key: key, selection: Self.versionSelection(for: model))
            guard let record else { throw GQLPatchError(.notFound, "no \(name)") }
            if record["_deleted"] == .bool(true) { throw GQLPatchError(.notFound, "\(name) is already deleted (_deleted: true)") }
            guard case .int(let version) = record["_version"] ?? .null else {
                throw GQLPatchError(.badResponse, "the server's \(name) has no integer _version although the model is versioned")
            }
            if let expectVersion, expectVersion != version {
                throw GQLPatchError(.conflict, "\(name) is at _version \(version), not \(expectVersion) (--expect-version); nothing was deleted")
            }
            var input = key
            input["_version"] = .int(version)
            let request = try documents.deleteMutation(model: model, selection: selection, input: input, condition: condition)
            let response = try await sendDelete(request, model: model, key: key)
            if let conflict = response.errors.first(where: \.isConflict) {
                if expectVersion != nil || attempt == settings.options.retryConflicts {
                    try session.printEnvelopeOnFailure(response)
                    throw GQLPatchError(.conflict, "\(name) changed after _version \(version) was read: \(conflict.summary); nothing was deleted")
                }
                lastConflict = conflict.summary
                session.console.message(
                    "gqlpatch: version conflict (\(lastConflict)); refetching and retrying (\(attempt + 1)/\(settings.options.retryConflicts))")
                continue
            }
            return try await finish(model: model, key: key, condition: condition, response: response, version: version)
        }
        throw GQLPatchError(.conflict, "\(name): version conflict (\(lastConflict)); giving up")
    }

    /// Sends a delete mutation; a lost answer says the delete may or may not have happened.
    private func sendDelete(_ request: GraphQLRequestBody, model: Model, key: JSONObject) async throws(GQLPatchError) -> GraphQLResponse {
        do {
            return try await session.client.send(request.json())
        } catch {
            throw LostWriteHint.annotate(error, write: "delete", model: model, key: key)
        }
    }

    private func finish(
        model: Model, key: JSONObject, condition: JSONValue?, response: GraphQLResponse, version: Int?
    ) async throws(GQLPatchError) -> Outcome {
        let name = ModelLookup.describe(model: model, key: key)
        if response.errors.isEmpty {
            guard let item = response.field(model.operations.delete ?? "") else {
                try session.printEnvelopeOnFailure(response)
                throw GQLPatchError(.notFound, "no \(name) (the server returned null)")
            }
            try ResponseKeyCheck.check(response, model: model, key: key, field: model.operations.delete)
            return Outcome(record: item, response: response, version: version)
        }
        try session.printEnvelopeOnFailure(response)
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            if model.operations.get != nil {
                let keyOnly = SelectionSet(fields: model.primaryKey.map { SelectionSet.Field(name: $0) })
                if try await session.fetch(model: model, key: key, selection: keyOnly) == nil {
                    throw GQLPatchError(.notFound, "no \(name)")
                }
            }
            let reason = condition == nil ? "the delete's condition failed" : "the --if condition is false"
            throw GQLPatchError(.conflict, "\(name): \(reason) (\(response.errors[0].summary)); nothing was deleted")
        }
        throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
    }
}
