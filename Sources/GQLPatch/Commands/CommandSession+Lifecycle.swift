import JSON

extension CommandSession {
    /// `get<Model>` for the key, with the whole response (for `--output envelope`). A record for
    /// another key is refused (`ResponseKeyCheck`).
    func fetchWithResponse(
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

    /// One JSON Lines record: compact, one line, whatever `--pretty` says.
    func printLine(_ value: JSONValue) {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        console.writeOut(bytes)
    }

    /// One JSON document with the `--pretty`/`--compact` layout.
    func printDocument(_ value: JSONValue) {
        console.writeOut(JSONPrinter(pretty: settings.options.pretty, console: console).render(value))
    }
}
