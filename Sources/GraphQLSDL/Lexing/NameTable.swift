/// Interns the names of one source: each distinct name is decoded into a `String` once, and every
/// later occurrence shares it (and the parser's cached `TypeReference`s for it).
///
/// Open addressing over the source bytes: an entry remembers where its name first occurred, so a
/// lookup compares bytes in place without building a `String`.
struct NameTable: Sendable {
    /// Where each name first occurs, and its length in bytes.
    private var starts: [Int] = []
    private var lengths: [Int] = []
    /// The names, by index.
    private(set) var names: [String] = []
    /// `.named(name)` per index, built on first use.
    private(set) var namedTypes: [TypeReference?] = []
    /// `.nonNull(.named(name))` per index, built on first use.
    private(set) var nonNullNamedTypes: [TypeReference?] = []
    /// Entry index + 1 per slot; 0 marks an empty slot. The count is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)

    /// The hash of a name, fed one byte at a time (FNV-1a).
    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The index of the name `bytes[start..<end]` (whose hash is `hash`), adding it when new.
    mutating func intern(_ bytes: [UInt8], _ start: Int, _ end: Int, hash: UInt64) -> Int {
        let length = end - start
        var mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            if lengths[stored - 1] == length && Self.equal(bytes, starts[stored - 1], start, length) {
                return stored - 1
            }
            slot = (slot + 1) & mask
        }
        let index = names.count
        starts.append(start)
        lengths.append(length)
        names.append(String(decoding: bytes[start..<end], as: UTF8.self))
        namedTypes.append(nil)
        nonNullNamedTypes.append(nil)
        slots[slot] = Int32(index + 1)
        if names.count * 2 > slots.count {
            grow(bytes)
            mask = slots.count - 1
        }
        return index
    }

    /// `.named(name)` for the name at `index`, shared by all its uses.
    mutating func namedType(_ index: Int) -> TypeReference {
        if let type = namedTypes[index] { return type }
        let type = TypeReference.named(names[index])
        namedTypes[index] = type
        return type
    }

    /// `.nonNull(.named(name))` for the name at `index`, shared by all its uses.
    mutating func nonNullNamedType(_ index: Int) -> TypeReference {
        if let type = nonNullNamedTypes[index] { return type }
        let type = TypeReference.nonNull(namedType(index))
        nonNullNamedTypes[index] = type
        return type
    }

    @inline(__always)
    private static func equal(_ bytes: [UInt8], _ a: Int, _ b: Int, _ length: Int) -> Bool {
        var i = 0
        while i < length {
            if bytes[a + i] != bytes[b + i] { return false }
            i += 1
        }
        return true
    }

    /// Doubles the slot array and re-inserts every entry.
    private mutating func grow(_ bytes: [UInt8]) {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for index in names.indices {
            var hash = Self.hashSeed
            for p in starts[index]..<(starts[index] + lengths[index]) { hash = Self.hash(hash, bytes[p]) }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
