/// Interns the names of one source: each distinct name is decoded into a `String` once, and every
/// later occurrence shares it (and the parser's cached `TypeReference`s for it).
///
/// Open addressing over the source bytes: an entry remembers where its name first occurred, so a
/// lookup hashes and compares bytes in place without building a `String`. Each name's hash is kept,
/// so a probe compares bytes only when the hashes agree, and growing reads no source bytes.
struct NameTable: Sendable {
    /// One distinct name.
    private struct Entry: Sendable {
        /// Where the name first occurs, and its length in bytes.
        var start: Int
        var length: Int
        /// Its hash (for growing without reading the source again).
        var hash: UInt64
        var name: String
        /// `.named(name)` and `.nonNull(.named(name))`, built on first use.
        var namedType: TypeReference?
        var nonNullNamedType: TypeReference?
    }

    /// The names, by index.
    private var entries: [Entry] = []
    /// Entry index + 1 per slot; 0 marks an empty slot. The count is a power of two.
    private var slots: [UInt32]

    /// A table with room for about `capacity` names before it grows.
    init(capacity: Int = 512) {
        var count = 1024
        while count < capacity * 2 { count *= 2 }
        slots = Array(repeating: 0, count: count)
        entries.reserveCapacity(count / 2)
    }

    /// The name at `index`.
    subscript(index: Int) -> String {
        entries[index].name
    }

    /// The number of names.
    var count: Int { entries.count }

    /// All names, by index.
    var names: [String] { entries.map(\.name) }

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
        bytes.withUnsafeBufferPointer { intern($0, start, end, hash: hash) }
    }

    /// The index of the name `buffer[start..<end]` (`buffer` is the whole source), adding it when new.
    mutating func intern(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        intern(buffer, start, end, hash: Self.hash(buffer, start, end))
    }

    /// The index of the name `buffer[start..<end]`, whose words hash to `hash`, adding it when new.
    mutating func intern(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt64) -> Int {
        let length = end - start
        // `buffer` is not empty: it holds at least the name.
        let base = UnsafeRawPointer(buffer.baseAddress!)
        let slot = slots.withUnsafeBufferPointer { slots -> Int in
            entries.withUnsafeBufferPointer { entries -> Int in
                let mask = slots.count - 1
                var slot = Self.slot(hash, mask)
                while true {
                    let stored = Int(slots[slot])
                    if stored == 0 { return slot }
                    let index = stored - 1
                    if entries[index].hash == hash, entries[index].length == length,
                        Self.equal(base + entries[index].start, base + start, length)
                    {
                        return -stored
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
        if slot < 0 { return -slot - 1 }
        let index = entries.count
        entries.append(
            Entry(
                start: start, length: length, hash: hash,
                name: String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)))
        slots[slot] = UInt32(index + 1)
        if entries.count * 2 > slots.count { grow() }
        return index
    }

    /// Adds `name`, which first occurs at `start` and whose UTF-8 hashes to `hash` (see `hash`),
    /// unless the table has it: its index, and whether it is new. Compares names, not source bytes,
    /// so a table can be filled after a scan, from names made on the way.
    mutating func insert(_ name: String, hash: UInt64, start: Int) -> (index: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Self.slot(hash, mask)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            if entries[stored - 1].hash == hash, entries[stored - 1].name == name { return (stored - 1, false) }
            slot = (slot + 1) & mask
        }
        let index = entries.count
        entries.append(Entry(start: start, length: name.utf8.count, hash: hash, name: name))
        slots[slot] = UInt32(index + 1)
        if entries.count * 2 > slots.count { grow() }
        return (index, true)
    }

    /// The index of `name` if the table has it.
    func index(of name: String) -> Int? {
        var name = name
        let hash = name.withUTF8 { text in
            text.isEmpty ? Self.hashSeed : Self.hash(UnsafeRawPointer(text.baseAddress!), text.count)
        }
        let mask = slots.count - 1
        var slot = Self.slot(hash, mask)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if entries[stored - 1].hash == hash, entries[stored - 1].name == name { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The hash of the name `buffer[start..<end]`: the same value `Lexer.readName` computes.
    static func hash(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        let base = UnsafeRawPointer(buffer.baseAddress!)
        var hash = hashSeed
        var p = start
        while p + 8 <= end {
            hash = Self.hash(hash, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self)))
            p += 8
        }
        guard p < end else { return hash }
        let length = end - p
        if p + 8 <= buffer.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            return Self.hash(hash, word & ((1 << UInt64(length * 8)) - 1))
        }
        return Self.hash(hash, lastWord(base + p, length))
    }

    /// `.named(name)` for the name at `index`, shared by all its uses.
    mutating func namedType(_ index: Int) -> TypeReference {
        if let type = entries[index].namedType { return type }
        let type = TypeReference.named(entries[index].name)
        entries[index].namedType = type
        return type
    }

    /// `.nonNull(.named(name))` for the name at `index`, shared by all its uses.
    mutating func nonNullNamedType(_ index: Int) -> TypeReference {
        if let type = entries[index].nonNullNamedType { return type }
        let type = TypeReference.nonNull(namedType(index))
        entries[index].nonNullNamedType = type
        return type
    }

    /// The hash of the `length` bytes at `p`: the same value `Lexer.readName` computes.
    private static func hash(_ p: UnsafeRawPointer, _ length: Int) -> UInt64 {
        var hash = hashSeed
        var i = 0
        while i + 8 <= length {
            hash = Self.hash(hash, UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        if i < length { hash = Self.hash(hash, lastWord(p + i, length - i)) }
        return hash
    }

    /// The `length` (1 to 7) bytes at `p` as a little-endian word, zero-padded.
    private static func lastWord(_ p: UnsafeRawPointer, _ length: Int) -> UInt64 {
        var word: UInt64 = 0
        for i in 0..<length { word |= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) << UInt64(i * 8) }
        return word
    }

    /// Whether the `length` bytes at `a` and `b` are equal.
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int) -> Bool {
        var i = 0
        while i + 8 <= length {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
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
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for index in entries.indices {
            var slot = Self.slot(entries[index].hash, mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index + 1)
        }
    }
}
