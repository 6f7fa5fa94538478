/// A JSON object that remembers the order its keys were first inserted in.
/// Equality ignores order: two objects are equal when they hold the same keys and values.
public struct JSONObject: Sendable, Equatable, Sequence {
    public private(set) var keys: [String] = []
    /// The values by key; `keys` gives their order.
    internal private(set) var storage: [String: JSONValue] = [:]

    public init() {}

    /// Builds an object from pairs in order; for a repeated key the last value wins and the key
    /// keeps the position of its first occurrence.
    public init(_ pairs: [(String, JSONValue)]) {
        keys.reserveCapacity(pairs.count)
        storage.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Builds an object from parallel key and value slices (used by the parser);
    /// repeated keys behave as in `init(_:)`.
    internal init(keys newKeys: ArraySlice<String>, values: ArraySlice<JSONValue>) {
        keys.reserveCapacity(newKeys.count)
        storage.reserveCapacity(newKeys.count)
        for (key, value) in zip(newKeys, values) where storage.updateValue(value, forKey: key) == nil {
            keys.append(key)
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Setting `nil` removes the key; setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Removes `key` and returns its value, or `nil` when the object has no such key.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let old = storage.removeValue(forKey: key) else { return nil }
        if let index = keys.firstIndex(of: key) { keys.remove(at: index) }
        return old
    }

    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var index = 0
        let keys = keys
        let storage = storage
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            let key = keys[index]
            // Every key in `keys` is in `storage`; `.null` is never reached.
            return (key, storage[key] ?? .null)
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storage == rhs.storage
    }
}
