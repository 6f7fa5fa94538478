/// A cryptographic hash function that processes input in fixed-size blocks, shaped like
/// swift-crypto's `HashFunction` so that `HMAC` can be generic over it.
public protocol HashFunction: Sendable {
    /// The value `finalize()` returns.
    associatedtype Digest: HashDigest

    /// The size in bytes of one input block (64 for SHA-256).
    static var blockByteCount: Int { get }
    /// The size in bytes of a digest (32 for SHA-256).
    static var byteCount: Int { get }

    /// Starts a new, empty hash computation.
    init()

    /// Feeds the bytes of `bufferPointer` into the hash.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)

    /// Returns the digest of everything fed so far; `self` may go on being updated.
    func finalize() -> Digest
}

extension HashFunction {
    /// Feeds `data` into the hash. Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`,
    /// `String.UTF8View` of a native string, buffer pointers) are hashed in place without copying.
    public mutating func update(data: some Sequence<UInt8>) {
        let done: Void? = data.withContiguousStorageIfAvailable { buffer in
            update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if done != nil { return }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(4096)
        for byte in data {
            chunk.append(byte)
            if chunk.count == 4096 {
                chunk.withUnsafeBytes { update(bufferPointer: $0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty {
            chunk.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }

    /// Returns the digest of `data` in one call.
    public static func hash(data: some Sequence<UInt8>) -> Digest {
        var hasher = Self()
        hasher.update(data: data)
        return hasher.finalize()
    }
}
