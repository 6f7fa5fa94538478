/// A 32-byte SHA-256 digest (also the output of `HMAC<SHA256>`).
public struct SHA256Digest: HashDigest {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// Wraps digest bytes computed elsewhere.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}
