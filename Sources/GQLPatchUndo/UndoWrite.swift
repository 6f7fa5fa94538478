import JSON

/// The write that puts a record back, guarded so that it lands only on the record as the logged
/// write left it: by its `_version` where the model has one, else by a condition on the values the
/// write left (`guardValues`).
package enum UndoWrite: Sendable, Equatable {
    /// Writes back exactly the fields the logged write set: their values before it, null for a field
    /// that was absent (the resolver then removes it).
    case update(values: JSONObject, version: Int?, guardValues: JSONObject)
    /// Deletes a record the logged write created.
    case delete(version: Int?, guardValues: JSONObject)
    /// Creates again a record the logged write deleted, with its key and fields as they were.
    case create(fields: JSONObject)
}
