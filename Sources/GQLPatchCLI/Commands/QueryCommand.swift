import GQLPatchOperations
import GQLPatchSupport
import GraphQLSDL
import JSON

/// `gqlpatch query`: reads a hand-written document, checks it (against the schema when one is known),
/// types the `--var` values from the variable definitions, sends it and prints `data` (or the
/// envelope). Without a schema the document alone is enough.
package struct QueryCommand: Sendable {
    package var options: QueryOptions
    package var settings: Settings
    package var context: RunContext

    package func makeRequest() throws(GQLPatchError) -> GraphQLRequestBody {
        let bytes: [UInt8]
        let file: String
        switch options.document {
        case .inline(let text):
            bytes = Array(text.utf8)
            file = "<argument>"
        case .file(let path):
            bytes = try context.readFile(path)
            file = path == "-" ? "<stdin>" : path
        }
        let document: Document
        do {
            document = try Parser.parse(bytes, file: file)
        } catch {
            throw .invalidInput(error.description)
        }
        // Model introspection describes the models only (not custom operations and types): the
        // document is then not checked against it.
        var roots: RootFieldTable?
        if !settings.schemaSource.isEmpty, settings.catalogue.origin != .modelIntrospection {
            roots = RootFieldTable(catalogue: settings.catalogue, sdl: schemaDocument(), file: settings.schemaSource)
        }
        let checker = QueryDocumentChecker(
            file: file, catalogue: settings.catalogue, roots: roots, readFile: context.readFile)
        let checked = try checker.check(document, operationName: options.operation, variables: options.variables)
        return GraphQLRequestBody(
            query: String(decoding: bytes, as: UTF8.self), variables: checked.variables,
            operationName: checked.operation.name)
    }

    /// The schema file parsed as SDL, when it is SDL (nil for JSON or on any problem: the catalogue,
    /// already loaded from it, is then the only source).
    private func schemaDocument() -> Document? {
        guard let bytes = try? context.files.read(settings.schemaSource, limit: .schemaFile),
            bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) != UInt8(ascii: "{")
        else { return nil }
        return try? Parser.parse(bytes, file: settings.schemaSource)
    }

    package func run() async throws(GQLPatchError) {
        let request = try makeRequest()
        if settings.options.dryRun {
            try DryRun.print([DryRun.step("send the document", request)], settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        let response = try await session.client.send(request.json())
        if let failure = response.failure {
            try session.printEnvelopeOnFailure(response)
            throw failure
        }
        try session.printRecord(response.data ?? .null, envelope: response.envelope)
    }
}
