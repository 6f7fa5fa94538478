import JSON

/// One difference `diff` reports: a record only in the source, only in the target, or in both with
/// fields that differ (each field's two values).
package enum RecordDifference: Sendable, Equatable {
    case onlyFrom(model: String, key: JSONObject, record: JSONObject)
    case onlyTo(model: String, key: JSONObject, record: JSONObject)
    /// `fields`: each differing field's `{"from", "to"}`.
    case changed(model: String, key: JSONObject, fields: JSONObject)

    /// `{"model", "key", "diff": "only-from" | "only-to" | "changed", ...}`, as `diff` prints it.
    package var json: JSONValue {
        let (model, key, kind, rest): (String, JSONObject, String, (String, JSONValue))
        switch self {
        case .onlyFrom(let name, let id, let record):
            (model, key, kind, rest) = (name, id, "only-from", ("from", .object(record)))
        case .onlyTo(let name, let id, let record):
            (model, key, kind, rest) = (name, id, "only-to", ("to", .object(record)))
        case .changed(let name, let id, let fields):
            (model, key, kind, rest) = (name, id, "changed", ("fields", .object(fields)))
        }
        return .object(JSONObject([("model", .string(model)), ("key", .object(key)), ("diff", .string(kind)), rest]))
    }
}
