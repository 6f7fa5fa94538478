/// `apply --shard I/N`: the part of an input that one of N jobs (a CI matrix) applies. A line belongs
/// to shard `FNV-1a-64(identity) mod N + 1`, where the identity is the record the line touches (see
/// `BatchOperation.identity`: the model name, a space, the typed key as compact JSON in key order;
/// a create without a key uses the id made from its line; a call line's is `call LINE`). The hash
/// has no seed and no platform dependence, so every machine and version agrees, and all lines of
/// one record land in one shard.
public struct ApplyShard: Sendable, Equatable {
    /// 1-based: 1...count.
    public var index: Int
    public var count: Int

    /// The most shards a run can be split into.
    public static let maximumCount = 10_000

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `I/N` (1 ≤ I ≤ N ≤ 10,000); nil when `text` is not of that form.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && $0.count <= 5 }),
            let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= Self.maximumCount, index >= 1,
            index <= count
        else { return nil }
        self.init(index: index, count: count)
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The shard (1...count) that `identity` belongs to.
    public static func shard(of identity: String, count: Int) -> Int {
        Int(hash(identity) % UInt64(count)) + 1
    }

    public func contains(identity: String) -> Bool {
        Self.shard(of: identity, count: count) == index
    }

    /// Where this shard keeps its journal when the user named `path`: each shard its own file.
    public func journalPath(_ path: String) -> String {
        "\(path).shard-\(index)-of-\(count)"
    }

    public var description: String { "\(index)/\(count)" }
}
