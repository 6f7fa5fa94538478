import JSON
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

extension CommandSession {
    /// `get<Model>` for the key, with the whole response (for `--output envelope`). A record for
    /// another key is refused (`ResponseKeyCheck`).
    package func fetchWithResponse(
        model: Model, key: JSONObject, selection: SelectionSet
    ) async throws(GQLPatchError) -> (record: JSONObject?, response: GraphQLResponse) {
        let request = try DocumentBuilder().getQuery(model: model, selection: selection, key: key)
        let response = try await client.send(request.json())
        if let failure = response.failure {
            try printEnvelopeOnFailure(response)
            throw failure
        }
        guard let field = model.operations.get, let value = response.field(field) else { return (nil, response) }
        guard let object = value.objectValue else {
            throw GQLPatchError(.badResponse, "\(field) returned \(value.serialized()) where an object was expected")
        }
        try ResponseKeyCheck.check(object, model: model, key: key, field: field)
        return (object, response)
    }

    /// One JSON Lines record: compact, one line, whatever `--pretty` says. Exit 74 when stdout
    /// cannot be written, so a listing stops at once instead of reading on.
    package func printLine(_ value: JSONValue) throws(GQLPatchError) {
        try console.write(JSONPrinter.line(value))
    }

    /// One JSON document with the `--pretty`/`--compact` layout.
    package func printDocument(_ value: JSONValue) throws(GQLPatchError) {
        try JSONPrinter(pretty: settings.options.pretty, console: console).print(value, to: console)
    }
}
