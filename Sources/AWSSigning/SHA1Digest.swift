/// A 20-byte SHA-1 digest (also the output of `HMAC<SHA1>`).
public struct SHA1Digest: HashDigest {
    /// The 20 digest bytes.
    public let bytes: [UInt8]

    /// Wraps digest bytes computed elsewhere.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}
