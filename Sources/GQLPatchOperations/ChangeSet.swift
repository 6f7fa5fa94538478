import GQLPatchSupport
import JSON

/// The typed key and changes of one update, ready to become a mutation's `input`.
public struct ChangeSet: Sendable, Equatable {
    /// The primary-key fields in key order.
    public var key: JSONObject
    /// The changed fields in the order given; JSON null removes the attribute.
    public var changes: JSONObject
    /// Changes that need the record's current value (nested fields, lists, counters, merges), worked out
    /// against the record as read (`FieldEditor`); none of their fields is in `changes`.
    public var edits: [FieldEdit]

    public init(key: JSONObject, changes: JSONObject, edits: [FieldEdit] = []) {
        self.key = key
        self.changes = changes
        self.edits = edits
    }

    /// The changes once `edits` are worked out against `record`: `changes`, then each edited field's
    /// new value.
    public func resolved(against record: JSONObject, editor: FieldEditor) throws(GQLPatchError) -> ChangeSet {
        guard !edits.isEmpty else { return self }
        var all = changes
        for (name, value) in try editor.apply(edits, to: record) { all[name] = value }
        return ChangeSet(key: key, changes: all)
    }

    /// The mutation input: the key, then the changes, then the version when given (as `versionField`:
    /// `_version`, or v1 `@versioned`'s `expectedVersion`). Nothing else.
    public func input(version: Int?, versionField: String = "_version") -> JSONObject {
        var input = key
        for (name, value) in changes { input[name] = value }
        if let version { input[versionField] = .int(version) }
        return input
    }
}
