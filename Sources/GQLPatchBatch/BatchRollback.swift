import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Undoes applied lines for `--atomic`. Every undo is guarded so that a record someone else changed
/// after the line was applied is reported (`rollback_failed`), never overwritten: versioned models by
/// `_version`, the others by reading the record first and by a condition on the scalar values the line
/// left.
package struct BatchRollback: Sendable {
    package var catalogue: ModelCatalogue
    package var sender: any BatchSending
    /// How the record rules' messages name the line's members and the run's settings.
    package var wording: ApplyLineWording

    package init(catalogue: ModelCatalogue, sender: any BatchSending, wording: ApplyLineWording) {
        self.catalogue = catalogue
        self.sender = sender
        self.wording = wording
    }

    private var documents: DocumentBuilder { DocumentBuilder() }

    package func undo(line: Int, _ action: UndoAction) async -> LineResult {
        let key = action.key
        do throws(GQLPatchError) {
            guard let model = catalogue.models[action.model] else {
                throw GQLPatchError(.invalidInput, "the schema has no model \(action.model)")
            }
            let name = ModelLookup.describe(model: model, key: key)
            switch action {
            case .revert(_, _, let previous, let left, let version):
                try await revert(model: model, name: name, key: key, previous: previous, left: left, version: version)
            case .remove(_, _, let left, let version):
                try await remove(model: model, name: name, key: key, left: left, version: version)
            case .recreate(_, _, let record):
                try await recreate(model: model, name: name, key: key, record: record)
            }
            return LineResult(line: line, status: .rolledBack, key: key)
        } catch {
            return LineResult(line: line, status: .rollbackFailed, key: key, error: error.message, code: error.code)
        }
    }

    private func selection(_ model: Model) -> SelectionSet {
        SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model)
    }

    /// Unversioned: the record must still hold what the line left.
    private func checkUnchanged(model: Model, name: String, key: JSONObject, left: JSONObject)
        async throws(GQLPatchError)
    {
        let records = BatchRecordExecutor(
            catalogue: catalogue, sender: sender, retryConflicts: 0, conflictResolution: .off, atomic: false,
            wording: wording
        ).records
        guard let record = try await records.fetch(model, key: key, selection: selection(model)),
            record["_deleted"] != .bool(true)
        else {
            throw GQLPatchError(.notFound, "\(name) was deleted after the line was applied; not undone")
        }
        let changed = ResponseComparer(catalogue: catalogue, model: model).unchangedFields(
            record: record, changes: left)
        if !changed.isEmpty {
            throw GQLPatchError(
                .conflict, "\(name) changed after the line was applied (\(changed.joined(separator: ", "))); not undone"
            )
        }
    }

    /// A condition that the scalar and enum fields still hold what the line left (nil when there are none).
    private func guardCondition(model: Model, left: JSONObject) throws(GQLPatchError) -> JSONValue? {
        try ConditionBuilder(catalogue: catalogue, wording: wording).holding(model: model, values: left)
    }

    /// Sends an undo and checks that the record it answers with is the one undone (`field`: the
    /// mutation's root field).
    private func send(
        _ request: GraphQLRequestBody, name: String, model: Model, key: JSONObject, field: String?
    ) async throws(GQLPatchError) -> GraphQLResponse {
        let response = try await send(request, name: name)
        try ResponseKeyCheck.check(response, model: model, key: key, field: field)
        return response
    }

    private func send(_ request: GraphQLRequestBody, name: String) async throws(GQLPatchError) -> GraphQLResponse {
        let response = try await sender.send(request).result.get()
        if response.errors.contains(where: \.isConflict) {
            throw GQLPatchError(.conflict, "\(name) changed after the line was applied (version conflict); not undone")
        }
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            throw GQLPatchError(.conflict, "\(name) changed after the line was applied (condition failed); not undone")
        }
        if let failure = response.failure { throw failure }
        return response
    }

    private func revert(
        model: Model, name: String, key: JSONObject, previous: JSONObject, left: JSONObject, version: Int?
    ) async throws(GQLPatchError) {
        var condition: JSONValue?
        if version == nil {
            try await checkUnchanged(model: model, name: name, key: key, left: left)
            condition = try guardCondition(model: model, left: left)
        }
        let input = ChangeSet(key: key, changes: previous).input(
            version: version, versionField: VersionScheme.of(model).inputField)
        let request = try documents.updateMutation(
            model: model, selection: selection(model), input: input, condition: condition)
        _ = try await send(request, name: name, model: model, key: key, field: model.operations.update)
    }

    private func remove(model: Model, name: String, key: JSONObject, left: JSONObject, version: Int?)
        async throws(GQLPatchError)
    {
        var condition: JSONValue?
        var input = key
        if let version {
            input[VersionScheme.of(model).inputField] = .int(version)
        } else {
            try await checkUnchanged(model: model, name: name, key: key, left: left)
            condition = try guardCondition(model: model, left: left)
        }
        let request = try documents.deleteMutation(
            model: model, selection: selection(model), input: input, condition: condition)
        _ = try await send(request, name: name, model: model, key: key, field: model.operations.delete)
    }

    private func recreate(model: Model, name: String, key: JSONObject, record: JSONObject) async throws(GQLPatchError) {
        guard let inputName = model.operations.createInput, let createInput = catalogue.inputObjects[inputName] else {
            throw GQLPatchError(.invalidInput, "the API has no create operation for \(model.name)")
        }
        var input = key
        for (field, value) in record where createInput.field(field) != nil && input[field] == nil && field != "_version"
        {
            input[field] = value
        }
        let request = try documents.createMutation(model: model, selection: selection(model), input: input)
        let response = try await sender.send(request).result.get()
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            throw GQLPatchError(.conflict, "\(name) was created again after the line deleted it; not undone")
        }
        if let failure = response.failure { throw failure }
        try ResponseKeyCheck.check(response, model: model, key: key, field: model.operations.create)
    }
}
