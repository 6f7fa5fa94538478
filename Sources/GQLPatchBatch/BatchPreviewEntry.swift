import JSON

/// What one `apply` line would change, as a preview finds it from the record as read.
package struct BatchPreviewEntry: Sendable {
    package enum Change: Sendable {
        /// An update (or an upsert of an existing record): each field's `{"from", "to"}`.
        case changes(JSONObject)
        /// A create (or an upsert of an absent record): its input.
        case create(JSONObject)
        /// A delete: the record as read.
        case delete(JSONObject)
        /// A create of a record that is there (the record's name).
        case exists(String)
        /// An update or delete of a record that is not there (the record's name).
        case absent(String)
    }

    package var line: Int
    package var key: JSONObject
    package var change: Change

    /// `{"line", "key", "changes" | "create" | "delete" | "error"}`.
    package var json: JSONObject {
        var entry = JSONObject([("line", .int(line)), ("key", .object(key))])
        switch change {
        case .changes(let differences): entry["changes"] = .object(differences)
        case .create(let input): entry["create"] = .object(input)
        case .delete(let record): entry["delete"] = .object(record)
        case .exists(let name): entry["error"] = .string("\(name) already exists")
        case .absent(let name): entry["error"] = .string("no \(name)")
        }
        return entry
    }
}
