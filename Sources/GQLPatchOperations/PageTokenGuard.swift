import GQLPatchSupport

/// Stops a listing that goes round in circles: a server that answers a `nextToken` it gave before
/// (the same token again, or a cycle `A -> B -> A`) would be followed forever. Every paginated read
/// (`list`, `delete --cascade`'s child reads) passes each page's token through `follow`; a token seen
/// before in the same listing, including the one just sent, is exit 76 with the token redacted.
package struct PageTokenGuard: Sendable {
    /// What is being paged through, for the message (`listItems`, `Author id=a1 books`).
    package var listing: String
    private var seen: Set<String> = []

    package init(listing: String) {
        self.listing = listing
    }

    /// The token to send for the next page, or nil when the listing is complete. Throws when the
    /// server hands back a token of this listing a second time.
    package mutating func follow(_ token: String?) throws(GQLPatchError) -> String? {
        guard let token else { return nil }
        guard seen.insert(token).inserted else {
            throw GQLPatchError(
                .badResponse,
                "\(listing): the server returned nextToken \(Redactor.redact(token)) a second time, on page \(seen.count + 1) (the pages go round in a cycle); stopped"
            )
        }
        return token
    }
}
