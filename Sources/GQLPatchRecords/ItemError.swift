import GQLPatchClient
import JSON

/// A GraphQL error about one item of a listing's page: its path is `[field, "items", N, ...]`, as
/// AppSync reports a record it cannot return (a null in a non-null field) beside the good ones, or
/// a field of a record the caller may not read (`["listItems", "items", 0, "description"]`, "Not
/// Authorized to access description on type Item"), which comes back as `null` although the record
/// has a value there.
package struct ItemError: Sendable {
    /// The item's place in its page's `items`.
    package var index: Int
    /// The path as text: `listChildren.items.3.name`.
    package var path: String
    /// The path inside the item (`["description"]`, `["address", "street"]`); empty when the error
    /// is about the item as a whole.
    package var inside: [JSONValue]
    package var error: GraphQLErrorItem

    /// The error as an item error of `field`'s connection, or nil for an error about anything else.
    package init?(_ error: GraphQLErrorItem, field: String) {
        guard let path = error.raw["path"]?.arrayValue, path.count >= 3, path[0] == .string(field),
            path[1] == .string("items"), let index = path[2].intValue
        else { return nil }
        self.index = index
        self.path = path.map { $0.stringValue ?? $0.intValue.map(String.init) ?? "?" }.joined(separator: ".")
        self.inside = Array(path.dropFirst(3))
        self.error = error
    }

    /// `record` without the value this error nulled: a null the server put there for an error is
    /// not the record's value, so it is left out rather than shown as one. A path through a list
    /// drops the list's field whole.
    package func removing(from record: JSONObject) -> JSONObject {
        Self.remove(inside[...], from: record)
    }

    private static func remove(_ path: ArraySlice<JSONValue>, from object: JSONObject) -> JSONObject {
        guard let first = path.first?.stringValue else { return object }
        var object = object
        let rest = path.dropFirst()
        if !rest.isEmpty, rest.first?.stringValue != nil, let inner = object[first]?.objectValue {
            object[first] = .object(remove(rest, from: inner))
        } else {
            object[first] = nil
        }
        return object
    }
}
