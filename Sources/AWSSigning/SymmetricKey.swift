/// A secret key for `HMAC`, given as raw bytes.
public struct SymmetricKey: Sendable, Hashable {
    /// The key bytes.
    public let bytes: [UInt8]

    /// Makes a key from `data`.
    public init(data: some Sequence<UInt8>) {
        self.bytes = Array(data)
    }

    /// The key size in bits.
    public var bitCount: Int { bytes.count * 8 }
}
