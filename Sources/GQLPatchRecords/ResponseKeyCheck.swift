import GQLPatchClient
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A record the server returns for a key must carry that key: an answer for another record (a
/// misrouted resolver, a proxy mixing answers up) is refused with both keys named (exit 76) instead
/// of being printed, compared or written back as if it were the requested record. Every read and
/// write of one record (get, update, create, delete, and each of `apply`'s) goes through `check`.
package enum ResponseKeyCheck {
    /// Refuses `record` unless each field of `key` (the requested key fields; a create leaves out the
    /// ones the server assigns) holds the same value in it. `field` is the operation that answered.
    package static func check(_ record: JSONObject, model: Model, key: JSONObject, field: String) throws(GQLPatchError)
    {
        var returned = JSONObject()
        var matches = true
        for (name, requested) in key {
            let value = record[name] ?? .null
            returned[name] = value
            if !same(value, requested) { matches = false }
        }
        guard !matches else { return }
        var got = ModelLookup.describe(model: model, key: returned)
        var wanted = ModelLookup.describe(model: model, key: key)
        if got == wanted {
            // Told apart by type only (`"3"` and `3`): show the JSON.
            got = "\(model.name) \(JSONValue.object(returned).serialized())"
            wanted = "\(model.name) \(JSONValue.object(key).serialized())"
        }
        throw GQLPatchError(.badResponse, "\(field) returned \(got), not the requested \(wanted)")
    }

    /// The same check on the object a response carries at `field`, when it carries one (a null or
    /// a misshapen item is left to the caller's own handling).
    package static func check(_ response: GraphQLResponse, model: Model, key: JSONObject, field: String?)
        throws(GQLPatchError)
    {
        guard let field, let record = response.field(field)?.objectValue else { return }
        try check(record, model: model, key: key, field: field)
    }

    /// Key values are scalars: equal as JSON, an integer equal to the same number written as a float.
    package static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        default: return a == b
        }
    }
}
