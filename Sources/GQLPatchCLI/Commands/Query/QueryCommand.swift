import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSettings
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
    /// Print only this field of `data` (`call`: the operation's value); nil: the whole `data`.
    package var field: String?
    /// Safe to send again (`call --idempotent`): a failure that may have reached the server (a lost
    /// answer, a 5xx) is retried as a read is; otherwise only throttling is, which nothing applied.
    package var idempotent = false
    /// A mutation asks first in a protected environment (`CommandRun.confirmWrite`).
    package var confirmWrite: (@Sendable (Settings) throws(GQLPatchError) -> Void)?

    package func makeRequest() throws(GQLPatchError) -> GraphQLRequestBody { try makePlan().request }

    /// The request, and with `--paginate` where its connection is.
    package func makePlan() throws(GQLPatchError) -> (
        request: GraphQLRequestBody, connection: ConnectionPath?, mutates: Bool
    ) {
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
            file: file, catalogue: settings.catalogue, roots: roots, readFile: context.readFile,
            wording: CommandLineWording())
        let checked = try checker.check(document, operationName: options.operation, variables: options.variables)
        let connection =
            options.paginate ? try ConnectionPath.find(in: checked.operation, place: OptionName.paginate) : nil
        let request = GraphQLRequestBody(
            query: String(decoding: bytes, as: UTF8.self), variables: checked.variables,
            operationName: checked.operation.name)
        return (request, connection, checked.operation.operation == .mutation)
    }

    /// The schema file parsed as SDL, when it is SDL (nil for JSON or on any problem: the catalogue,
    /// already loaded from it, is then the only source).
    func schemaDocument() -> Document? {
        Self.schemaDocument(source: settings.schemaSource, files: context.files)
    }

    /// The file `source` parsed as SDL, when it is SDL.
    static func schemaDocument(source: String, files: FileSystem) -> Document? {
        guard let bytes = try? files.read(source, limit: .schemaFile),
            bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) != UInt8(ascii: "{")
        else { return nil }
        return try? Parser.parse(bytes, file: source)
    }

    package func run() async throws(GQLPatchError) {
        let (request, connection, mutates) = try makePlan()
        if settings.output.isTabular, connection == nil {
            throw .usage(
                "\(OptionName.output) \(settings.output.rawValue) prints a connection's items as rows: add \(OptionName.paginate) (a query with a nextToken)"
            )
        }
        if settings.dryRun {
            let what = connection == nil ? "send the document" : "send the document (then again with each nextToken)"
            try DryRun.print([PlannedRequest(what, request)], settings: settings, context: context)
            return
        }
        if mutates { try confirmWrite?(settings) }
        var session = CommandSession(settings: settings, context: context)
        // A hand-written mutation may not be safe to run twice: never sent again by the transport.
        session.client.resendable = !mutates || idempotent
        if let connection {
            try await paginate(request, connection: connection, session: session)
            return
        }
        let response =
            idempotent ? try await session.pageRetrying.send(request).result.get() : try await session.send(request)
        if let failure = response.failure {
            try session.printEnvelopeOnFailure(response)
            if mutates, response.errors.contains(where: \.mayFollowAWrite) {
                throw GQLPatchError(
                    failure.code,
                    "\(failure.message); the mutation may or may not have been applied (its resolver may have written before it failed)"
                )
            }
            throw failure
        }
        let data = response.data ?? .null
        try session.printRecord(field.map { data[$0] ?? .null } ?? data, envelope: response.envelope)
    }

    /// `--paginate`: sends the document with each `nextToken` until there is none, printing the
    /// connection's items as JSON Lines (or each response with `--output envelope`). Pages are retried
    /// as `list`'s are, and a token seen before stops it.
    private func paginate(_ first: GraphQLRequestBody, connection: ConnectionPath, session: CommandSession)
        async throws(GQLPatchError)
    {
        let reader = ConnectionReader(
            path: connection.keys, sender: session.pageRetrying, itemErrors: false,
            rejected: { (response) throws(GQLPatchError) in try session.printEnvelopeOnFailure(response) },
            request: { token in
                var request = first
                if let token { request.variables["nextToken"] = .string(token) }
                return request
            })
        let envelope = settings.output == .envelope
        // Rows: the columns are the first item's members (the document's selection, in its order).
        let rows =
            settings.output.isTabular ? RowPrinter(mode: settings.output, columns: nil, console: context.console) : nil
        try await reader.run(from: nil) { (page) throws(GQLPatchError) -> Bool in
            if envelope {
                try session.printLine(page.response.envelope)
            } else if let rows {
                for item in page.items where !item.isNull {
                    guard let record = item.objectValue else {
                        throw .invalidInput(
                            "\(OptionName.output) \(settings.output.rawValue) prints objects as rows, and the connection's items are not objects"
                        )
                    }
                    try rows.print(record)
                }
            } else {
                for item in page.items where !item.isNull { try session.printLine(item) }
            }
            return true
        }
        try rows?.finish()
    }
}
