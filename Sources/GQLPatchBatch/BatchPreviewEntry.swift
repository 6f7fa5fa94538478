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
        /// A call: the operation and the variables it would be sent with (nothing is read for it).
        case call(operation: String, variables: JSONObject, mutates: Bool)
    }

    package var line: Int
    /// nil for a call.
    package var key: JSONObject?
    package var change: Change

    /// `{"line", "key", "changes" | "create" | "delete" | "error"}`, a call's `{"line", "call": {"operation", "variables"}, "note"}`.
    package var json: JSONObject {
        var entry = JSONObject([("line", .int(line))])
        if let key { entry["key"] = .object(key) }
        switch change {
        case .changes(let differences): entry["changes"] = .object(differences)
        case .create(let input): entry["create"] = .object(input)
        case .delete(let record): entry["delete"] = .object(record)
        case .exists(let name): entry["error"] = .string("\(name) already exists")
        case .absent(let name): entry["error"] = .string("no \(name)")
        case .call(let operation, let variables, let mutates):
            entry["call"] = .object(JSONObject([("operation", .string(operation)), ("variables", .object(variables))]))
            if mutates { entry["note"] = "a custom mutation: what it changes is its resolver's, not previewed" }
        }
        return entry
    }
}
