import GQLPatchOperations
import JSON

/// The request a dry run plans for one `apply` line (and an upsert's create, should the record be
/// absent), with the values only a run could know shown as placeholders.
package struct BatchPlannedLine: Sendable {
    package var line: Int
    /// The line's `"op"`.
    package var op: String
    /// The record's key; nil for a call.
    package var key: JSONObject?
    package var request: GraphQLRequestBody
    /// An upsert's create, sent when the record is not there to update.
    package var ifAbsent: GraphQLRequestBody?

    package init(
        line: Int, op: String, key: JSONObject?, request: GraphQLRequestBody, ifAbsent: GraphQLRequestBody? = nil
    ) {
        self.line = line
        self.op = op
        self.key = key
        self.request = request
        self.ifAbsent = ifAbsent
    }

    /// `{"line", "status": "planned", "op", "key", "query", "variables"}` (no key for a call), and an
    /// upsert's `"ifAbsent"`.
    package var json: JSONValue {
        var object = JSONObject([("line", .int(line)), ("status", "planned"), ("op", .string(op))])
        if let key { object["key"] = .object(key) }
        object["query"] = .string(request.query)
        object["variables"] = .object(request.variables)
        if let ifAbsent {
            object["ifAbsent"] = .object(
                JSONObject([("query", .string(ifAbsent.query)), ("variables", .object(ifAbsent.variables))]))
        }
        return .object(object)
    }
}
