import GQLPatchOperations
import JSON

/// The request a dry run plans for one `apply` line (and an upsert's create, should the record be
/// absent), with the values only a run could know shown as placeholders.
package struct BatchPlannedLine: Sendable {
    package var line: Int
    package var kind: BatchOperation.Kind
    package var key: JSONObject
    package var request: GraphQLRequestBody
    /// An upsert's create, sent when the record is not there to update.
    package var ifAbsent: GraphQLRequestBody?

    /// `{"line", "status": "planned", "op", "key", "query", "variables"}`, and an upsert's `"ifAbsent"`.
    package var json: JSONValue {
        var object = JSONObject([
            ("line", .int(line)), ("status", "planned"), ("op", .string(kind.rawValue)), ("key", .object(key)),
            ("query", .string(request.query)), ("variables", .object(request.variables)),
        ])
        if let ifAbsent {
            object["ifAbsent"] = .object(
                JSONObject([("query", .string(ifAbsent.query)), ("variables", .object(ifAbsent.variables))]))
        }
        return .object(object)
    }
}
