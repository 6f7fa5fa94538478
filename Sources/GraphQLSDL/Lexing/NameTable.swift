/// Interns the names of one source: each distinct name is decoded into a `String` once, and every
/// later occurrence shares it (and the parser's cached `TypeReference`s for it).
///
/// Open addressing over the source bytes: an entry remembers where its name first occurred, so a
/// lookup hashes and compares bytes in place without building a `String`.
struct NameTable: Sendable {
    /// Where each name first occurs, and its length in bytes.
    private var starts: [Int] = []
    private var lengths: [Int] = []
    /// The names, by index.
    private(set) var names: [String] = []
    /// `.named(name)` per index, built on first use.
    private var namedTypes: [TypeReference?] = []
    /// `.nonNull(.named(name))` per index, built on first use.
    private var nonNullNamedTypes: [TypeReference?] = []
    /// Entry index + 1 per slot; 0 marks an empty slot. The count is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)

    /// The starting value of a name's hash.
    static let hashSeed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Adds one little-endian word of a name (the last one zero-padded) to its hash.
    @inline(__always)
    static func hash(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 32)
    }

    /// The first slot to probe for `hash`: the hash's bits fully mixed (MurmurHash3's finalizer),
    /// since names that differ only in their last bytes (`Model1Input`, `Model2Input`) are common.
    @inline(__always)
    private static func slot(_ hash: UInt64, _ mask: Int) -> Int {
        var h = hash
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h) & mask
    }

    /// The index of the name `bytes[start..<end]`, whose words hash to `hash`, adding it when new.
    mutating func intern(_ bytes: [UInt8], _ start: Int, _ end: Int, hash: UInt64) -> Int {
        let length = end - start
        return bytes.withUnsafeBufferPointer { buffer in
            // `buffer` is not empty: it holds at least the name.
            let base = UnsafeRawPointer(buffer.baseAddress!)
            let name = base + start
            let mask = slots.count - 1
            var slot = Self.slot(hash, mask)
            while true {
                let stored = Int(slots[slot])
                if stored == 0 { break }
                if lengths[stored - 1] == length && Self.equal(base + starts[stored - 1], name, length) {
                    return stored - 1
                }
                slot = (slot + 1) & mask
            }
            let index = names.count
            starts.append(start)
            lengths.append(length)
            names.append(String(decoding: buffer[start..<end], as: UTF8.self))
            namedTypes.append(nil)
            nonNullNamedTypes.append(nil)
            slots[slot] = Int32(index + 1)
            if names.count * 2 > slots.count { grow(base) }
            return index
        }
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

    /// The hash of the `length` bytes at `p`: the same value `Lexer.readName` computes.
    private static func hash(_ p: UnsafeRawPointer, _ length: Int) -> UInt64 {
        var hash = hashSeed
        var i = 0
        while i < length {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while i < length && shift < 64 {
                word |= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) << shift
                shift += 8
                i += 1
            }
            hash = Self.hash(hash, word)
        }
        return hash
    }

    /// Whether the `length` bytes at `a` and `b` are equal.
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int) -> Bool {
        var i = 0
        while i + 8 <= length {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < length {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }

    /// Doubles the slot array and re-inserts every entry.
    private mutating func grow(_ base: UnsafeRawPointer) {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for index in names.indices {
            let hash = Self.hash(base + starts[index], lengths[index])
            var slot = Self.slot(hash, mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
