/// A JSON object that remembers the order its keys were first inserted in.
/// Equality ignores order: two objects are equal when they hold the same keys and values.
///
/// Keys and values are kept in two parallel arrays. Small objects (the usual case) find a key
/// by a linear scan, which is faster than hashing; objects with more than `indexThreshold`
/// keys also keep a hash index from key to position.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// The keys, in insertion order.
    public private(set) var keys: [String] = []
    /// `values[i]` belongs to `keys[i]`.
    internal private(set) var values: [JSONValue] = []
    /// Position of each key; kept only when there are more than `indexThreshold` keys.
    private var index: [String: Int]?

    /// Above this many keys, lookups go through a hash index.
    private static let indexThreshold = 32

    public init() {}

    /// Builds an object from pairs in order; for a repeated key the last value wins and the key
    /// keeps the position of its first occurrence.
    public init(_ pairs: [(String, JSONValue)]) {
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Builds an object from parallel key and value slices (used by the parser);
    /// repeated keys behave as in `init(_:)`.
    internal init(keys newKeys: ArraySlice<String>, values newValues: ArraySlice<JSONValue>) {
        // Parsed objects almost never repeat a key: take both slices whole when none repeats (a
        // comparison of each key with those before it), else insert one by one.
        if newKeys.count <= Self.indexThreshold, !Self.repeatsAKey(newKeys) {
            keys = Array(newKeys)
            values = Array(newValues)
            return
        }
        keys.reserveCapacity(newKeys.count)
        values.reserveCapacity(newKeys.count)
        for (key, value) in zip(newKeys, newValues) { self[key] = value }
    }

    private static func repeatsAKey(_ keys: ArraySlice<String>) -> Bool {
        var later = keys.startIndex
        while later < keys.endIndex {
            let key = keys[later]
            var earlier = keys.startIndex
            while earlier < later {
                if keys[earlier] == key { return true }
                earlier += 1
            }
            later += 1
        }
        return false
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The position of `key` in `keys`, or `nil`.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// Setting `nil` removes the key; setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            if let position = position(of: key) {
                values[position] = newValue
                return
            }
            keys.append(key)
            values.append(newValue)
            if index != nil {
                index?[key] = keys.count - 1
            } else if keys.count > Self.indexThreshold {
                rebuildIndex()
            }
        }
    }

    /// Removes `key` and returns its value, or `nil` when the object has no such key.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        keys.remove(at: position)
        let old = values.remove(at: position)
        if index != nil { rebuildIndex() }
        return old
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else {
            index = nil
            return
        }
        var newIndex: [String: Int] = [:]
        newIndex.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { newIndex[key] = position }
        index = newIndex
    }

    /// The members in insertion order. A concrete iterator, not `AnyIterator`: that boxed each loop
    /// in a generic class, instantiated at run time (a scan of the binary's conformance records on
    /// first use) and called through a closure for every member.
    public struct Iterator: IteratorProtocol {
        private let keys: [String]
        private let values: [JSONValue]
        private var position = 0

        fileprivate init(keys: [String], values: [JSONValue]) {
            self.keys = keys
            self.values = values
        }

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard position < keys.count else { return nil }
            defer { position += 1 }
            return (key: keys[position], value: values[position])
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(keys: keys, values: values)
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
        return true
    }
}
