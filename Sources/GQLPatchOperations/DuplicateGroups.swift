import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Groups records by their values in some fields (`dups`): every set of two or more live records
/// whose values are equal in all those fields (an absent value counts as null, and nulls are equal),
/// in the order its first record came, each with the values and the records' keys in the order
/// read. Soft-deleted tombstones are not records and are passed over.
package struct DuplicateGroups: Sendable {
    /// One group: the shared values (`{"itemCode": "A", "action": "Stir"}`) and the records' keys.
    package struct Group: Sendable, Equatable {
        package var values: JSONObject
        package var keys: [JSONObject]

        /// `{"values": {...}, "keys": [...]}`, as `dups` prints it.
        package var json: JSONValue {
            .object(JSONObject([("values", .object(values)), ("keys", .array(keys.map { .object($0) }))]))
        }
    }

    package var model: Model
    package var fields: [String]

    /// Checks `fields` against the model (each a scalar, enum or non-model field, given once), worded
    /// for `source` through `wording`: exit 65 otherwise.
    package init(model: Model, fields: [String], source: InputSource, wording: any InputWording)
        throws(GQLPatchError)
    {
        var seen: Set<String> = []
        let names = model.fields.filter { $0.relationship == nil }.map(\.name)
        for name in fields {
            guard seen.insert(name).inserted else { throw .usage("\(wording.field(name, in: source)) given twice") }
            guard let field = model.field(name) else {
                throw .invalidInput(
                    "\(wording.field(name, in: source)): \(model.name) has no field \(ValueTyper.quoted(name))\(FieldSuggestion.phrase(for: name, among: names))"
                )
            }
            guard field.relationship == nil else {
                throw .invalidInput(
                    "\(wording.field(name, in: source)): \(model.name).\(name) is a relationship; compare its key fields instead"
                )
            }
        }
        self.model = model
        self.fields = fields
    }

    /// The groups among `records` (each holding the key fields and `fields`).
    package func groups(_ records: [JSONObject]) -> [Group] {
        var order: [String] = []
        var found: [String: Group] = [:]
        for record in records where record["_deleted"] != .bool(true) {
            var values = JSONObject()
            for name in fields { values[name] = record[name] ?? .null }
            var key = JSONObject()
            for name in model.primaryKey { key[name] = record[name] ?? .null }
            let identity = JSONValue.object(values).serialized()
            if found[identity] == nil {
                order.append(identity)
                found[identity] = Group(values: values, keys: [])
            }
            found[identity]?.keys.append(key)
        }
        return order.compactMap { found[$0] }.filter { $0.keys.count > 1 }
    }
}
