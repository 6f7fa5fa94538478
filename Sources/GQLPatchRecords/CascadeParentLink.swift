import GQLPatchSchema
import JSON

/// How `delete --cascade` tells that a child the server returned belongs to its parent: by the
/// child's fields that hold the parent's key (the relationship's key fields), or, where the schema
/// does not name them (a compiled schema whose foreign keys follow no naming pattern), by the
/// child's reference back to the parent, read with the parent's key fields (`author { id }`).
package struct CascadeParentLink: Sendable {
    package enum Kind: Sendable {
        /// The child's fields holding the parent's key fields, in key order.
        case fields([String])
        /// The child's belongs-to (or has-one) field that points back at the parent.
        case back(String)
    }

    package var kind: Kind
    /// The parent model's key fields.
    package var parentKey: [String]

    /// A child that does not hold its parent's key: which field, what it held, what it should hold.
    package struct Mismatch: Sendable {
        package var field: String
        package var found: JSONValue
        package var expected: JSONValue
    }

    /// The link for `relationship` (a has-many or has-one of `parent`), or nil when neither the
    /// relationship nor the child says how the child refers to its parent.
    package static func resolve(parent: Model, relationship: Relationship, child: Model) -> CascadeParentLink? {
        if !relationship.keyFields.isEmpty {
            return CascadeParentLink(kind: .fields(relationship.keyFields), parentKey: parent.primaryKey)
        }
        let backs = child.relationships.filter {
            $0.relationship?.relatedModel == parent.name && $0.relationship?.kind != .hasMany
        }
        guard backs.count == 1, let back = backs.first, let backRelationship = back.relationship else { return nil }
        if backRelationship.kind == .belongsTo, !backRelationship.keyFields.isEmpty {
            return CascadeParentLink(kind: .fields(backRelationship.keyFields), parentKey: parent.primaryKey)
        }
        return CascadeParentLink(kind: .back(back.name), parentKey: parent.primaryKey)
    }

    /// What the child's selection needs besides `selected` for the check.
    package func selection(besides selected: [String]) -> [String] {
        switch kind {
        case .fields(let fields): return fields.filter { !selected.contains($0) }
        case .back(let field): return ["\(field) { \(parentKey.joined(separator: " ")) }"]
        }
    }

    /// Nil when `record` holds `key` (the parent's), else the first field that does not.
    package func mismatch(in record: JSONObject, parent key: JSONObject) -> Mismatch? {
        switch kind {
        case .fields(let fields):
            for (childField, parentField) in zip(fields, parentKey) {
                let found = record[childField] ?? .null, expected = key[parentField] ?? .null
                if !ResponseKeyCheck.same(found, expected) {
                    return Mismatch(field: childField, found: found, expected: expected)
                }
            }
            return nil
        case .back(let field):
            guard let reference = record[field]?.objectValue else {
                var expected = JSONObject()
                for name in parentKey { expected[name] = key[name] ?? .null }
                return Mismatch(field: field, found: record[field] ?? .null, expected: .object(expected))
            }
            for name in parentKey {
                let found = reference[name] ?? .null, expected = key[name] ?? .null
                if !ResponseKeyCheck.same(found, expected) {
                    return Mismatch(field: "\(field).\(name)", found: found, expected: expected)
                }
            }
            return nil
        }
    }
}
