import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport
import JSON

/// Reads a connection (`items`, `nextToken`) page by page: each request made for the token the page
/// before gave, sent through a sender that retries a page as `apply` retries a line, a token given
/// twice refused (`PageTokenGuard`) once the page that carried it was handed over. An error about
/// one item (`[field, "items", N, ...]`) travels with its page when `itemErrors` allows; any other
/// error refuses the page after `rejected` saw its response. `list` and `query --paginate` read
/// with it.
package struct ConnectionReader: Sendable {
    /// One page as the server answered it.
    package struct Page: Sendable {
        /// Counted from 1.
        package var number: Int
        package var response: GraphQLResponse
        package var items: [JSONValue]
        package var itemErrors: [ItemError]
        /// The next page's token; nil on the last page (or when the token was one seen before).
        package var nextToken: String?
    }

    /// The request for a page: nil asks for the first.
    package typealias Request = @Sendable (_ token: String?) throws(GQLPatchError) -> GraphQLRequestBody

    /// Where the connection is under `data` (`["listItems"]`, `["getBlog", "posts"]`).
    package let path: [String]
    private let request: Request
    private let sender: RetryingSender
    private let itemErrors: Bool
    private let rejected: @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void

    package init(
        path: [String], sender: RetryingSender, itemErrors: Bool,
        rejected: @escaping @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void, request: @escaping Request
    ) {
        self.path = path
        self.sender = sender
        self.itemErrors = itemErrors
        self.rejected = rejected
        self.request = request
    }

    /// The connection's name in messages (`listItems`, `getBlog.posts`).
    package var name: String { path.joined(separator: ".") }

    /// Hands each page to `deliver`, from `token` (nil: the first), until the last page or until
    /// `deliver` answers false.
    package func run(from token: String?, deliver: (Page) throws(GQLPatchError) -> Bool)
        async throws(GQLPatchError)
    {
        var token = token
        var tokens = PageTokenGuard(listing: name)
        var number = 0
        while true {
            number += 1
            let response = try await sender.send(try request(token)).result.get()
            var errors: [ItemError] = []
            for error in response.errors {
                guard itemErrors, path.count == 1, let itemError = ItemError(error, field: path[0]) else {
                    try rejected(response)
                    throw response.failure ?? GQLPatchError(.graphQLError, error.summary)
                }
                errors.append(itemError)
            }
            var value = response.data
            for key in path { value = value?[key] }
            guard let connection = value?.objectValue, let items = connection["items"]?.arrayValue else {
                throw GQLPatchError(.badResponse, "\(name) returned no items list")
            }
            // The page is handed over before a repeated token stops the read: what was read is kept.
            let next = Result { () throws(GQLPatchError) in try tokens.follow(connection["nextToken"]?.stringValue) }
            let page = Page(
                number: number, response: response, items: items, itemErrors: errors,
                nextToken: (try? next.get()) ?? nil)
            guard try deliver(page) else { return }
            guard let followed = try next.get() else { return }
            token = followed
        }
    }
}
