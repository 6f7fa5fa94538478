import JSON

/// The typed key and changes of one update, ready to become a mutation's `input`.
public struct ChangeSet: Sendable, Equatable {
    /// The primary-key fields in key order.
    public var key: JSONObject
    /// The changed fields in the order given; JSON null removes the attribute.
    public var changes: JSONObject

    public init(key: JSONObject, changes: JSONObject) {
        self.key = key
        self.changes = changes
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
