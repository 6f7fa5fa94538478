/// HMAC (RFC 2104) over any `HashFunction`: `H((K' ^ opad) || H((K' ^ ipad) || message))`, where
/// `K'` is the key zero-padded to the block size, or first hashed when it is longer than a block.
public struct HMAC<H: HashFunction>: Sendable {
    private var inner: H
    private let outerKeyPad: [UInt8]

    /// Starts an authentication code computation with `key`.
    public init(key: SymmetricKey) {
        var block = key.bytes
        if block.count > H.blockByteCount {
            block = H.hash(data: block).bytes
        }
        block.append(contentsOf: repeatElement(0, count: H.blockByteCount - block.count))
        var inner = H()
        inner.update(data: block.map { $0 ^ 0x36 })
        self.inner = inner
        self.outerKeyPad = block.map { $0 ^ 0x5c }
    }

    /// Feeds message bytes into the computation.
    public mutating func update(data: some Sequence<UInt8>) {
        inner.update(data: data)
    }

    /// Returns the authentication code of everything fed so far.
    public func finalize() -> H.Digest {
        var outer = H()
        outer.update(data: outerKeyPad)
        outer.update(data: inner.finalize().bytes)
        return outer.finalize()
    }

    /// Returns the authentication code of `data` under `key` in one call.
    public static func authenticationCode(for data: some Sequence<UInt8>, using key: SymmetricKey) -> H.Digest {
        var hmac = Self(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }
}
