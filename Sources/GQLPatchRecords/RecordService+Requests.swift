import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// The record rules' requests, built here only: the rules send them, and a dry run's plan
    /// (`RecordService+Plan`) shows them.

    /// `get<Model>` for the key.
    package func readRequest(_ model: Model, key: JSONObject, selection: SelectionSet) throws(GQLPatchError)
        -> GraphQLRequestBody
    {
        try DocumentBuilder().getQuery(model: model, selection: selection, key: key)
    }

    /// The update of `changes` (the key and the changed fields only), with the version when given,
    /// under `condition`.
    func updateRequest(_ target: UpdateTarget, _ changes: ChangeSet, version: Int?, condition: JSONValue?)
        throws(GQLPatchError) -> GraphQLRequestBody
    {
        try DocumentBuilder().updateMutation(
            model: target.model, selection: target.selection,
            input: changes.input(version: version, versionField: VersionScheme.of(target.model).inputField),
            condition: condition)
    }

    /// The delete of the target's key, with the version when given.
    func deleteRequest(_ target: DeleteTarget, version: Int?) throws(GQLPatchError) -> GraphQLRequestBody {
        var input = target.key
        if let version { input[VersionScheme.of(target.model).inputField] = .int(version) }
        return try DocumentBuilder().deleteMutation(
            model: target.model, selection: target.selection, input: input, condition: target.condition)
    }

    /// The create of the target's whole input.
    package func createRequest(_ target: CreateTarget) throws(GQLPatchError) -> GraphQLRequestBody {
        try DocumentBuilder().createMutation(
            model: target.model, selection: target.selection, input: target.input, condition: target.condition)
    }
}
