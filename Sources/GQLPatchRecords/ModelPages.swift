import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A model's records page by page through its list query (or an index's), each page asked for
/// with the token the one before gave, a token given twice refused (`PageTokenGuard`). A page
/// with errors is refused whole: a record the server could not return whole would be read with a
/// field missing. `export` and `diff` read models with it.
package struct ModelPages: Sendable {
    /// One page: its records, and the token of the next one (nil: the last page).
    package struct Page: Sendable {
        package var items: [JSONValue]
        package var nextToken: String?
    }

    package let model: Model
    package let selection: SelectionSet
    package private(set) var query: ListQuery
    private let sender: RetryingSender
    private var tokens: PageTokenGuard
    private var finished = false

    /// Pages of `query`, from `token` (a resumed read) or the first.
    package init(
        model: Model, selection: SelectionSet, query: ListQuery, sender: RetryingSender, from token: String? = nil
    ) {
        self.model = model
        self.selection = selection
        self.query = query
        self.sender = sender
        tokens = PageTokenGuard(listing: query.field)
        if let token { self.query.arguments["nextToken"] = .string(token) }
    }

    /// The request for the page `query` names (its `nextToken`, or the first).
    package static func request(model: Model, selection: SelectionSet, query: ListQuery) throws(GQLPatchError)
        -> GraphQLRequestBody
    {
        try DocumentBuilder().listQuery(model: model, selection: selection, query: query)
    }

    /// The first page's request, for a dry run.
    package static func planned(model: Model, selection: SelectionSet, query: ListQuery, purpose: String)
        throws(GQLPatchError) -> PlannedRequest
    {
        PlannedRequest(purpose, try request(model: model, selection: selection, query: query))
    }

    /// The next page; nil after the last.
    package mutating func next() async throws(GQLPatchError) -> Page? {
        guard !finished else { return nil }
        let request = try Self.request(model: model, selection: selection, query: query)
        let response = try await sender.send(request).result.get()
        if let error = response.errors.first {
            throw response.failure ?? GQLPatchError(.graphQLError, error.summary)
        }
        let field = query.field
        guard let connection = response.field(field)?.objectValue, let items = connection["items"]?.arrayValue else {
            throw GQLPatchError(.badResponse, "\(field) returned no items list")
        }
        let token = try tokens.follow(connection["nextToken"]?.stringValue)
        if let token { query.arguments["nextToken"] = .string(token) } else { finished = true }
        return Page(items: items, nextToken: token)
    }
}
