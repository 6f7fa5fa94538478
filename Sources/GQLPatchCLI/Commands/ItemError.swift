import GQLPatchClient
import JSON

/// A GraphQL error about one item of a listing's page: its path is `[field, "items", N, ...]`, as
/// AppSync reports a record it cannot return (a null in a non-null field) beside the good ones.
package struct ItemError: Sendable {
    /// The item's place in its page's `items`.
    package var index: Int
    /// The path as text: `listChildren.items.3.name`.
    package var path: String
    package var error: GraphQLErrorItem

    /// The error as an item error of `field`'s connection, or nil for an error about anything else.
    package init?(_ error: GraphQLErrorItem, field: String) {
        guard let path = error.raw["path"]?.arrayValue, path.count >= 3, path[0] == .string(field),
            path[1] == .string("items"), let index = path[2].intValue
        else { return nil }
        self.index = index
        self.path = path.map { $0.stringValue ?? $0.intValue.map(String.init) ?? "?" }.joined(separator: ".")
        self.error = error
    }
}
