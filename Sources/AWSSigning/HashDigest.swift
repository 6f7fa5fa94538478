/// The output of a `HashFunction` or of `HMAC`: a fixed number of bytes.
public protocol HashDigest: Sendable, Hashable, CustomStringConvertible {
    /// The digest bytes, in output order.
    var bytes: [UInt8] { get }
}

extension HashDigest {
    /// The digest as lower-case hexadecimal, two characters a byte.
    public var hexString: String { Hex.encode(bytes) }

    /// The same as `hexString`.
    public var description: String { hexString }
}
