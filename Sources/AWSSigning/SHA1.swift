/// SHA-1 (FIPS 180-4 §6.1), incremental like `SHA256`. Only for HMAC-SHA1 (RFC 2104), which RFC 6238's
/// TOTP codes use and for which SHA-1's collision weakness does not matter; never for signatures.
public struct SHA1: HashFunction {
    /// SHA-1 processes 64-byte blocks.
    public static let blockByteCount = 64
    /// A SHA-1 digest is 20 bytes.
    public static let byteCount = 20

    /// The five 32-bit working hash values `H0`…`H4`.
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
    )
    /// Bytes of an incomplete block, always fewer than 64.
    private var pending: [UInt8] = []
    /// Total message length in bytes.
    private var length: UInt64 = 0

    /// Starts a new, empty hash computation.
    public init() {}

    /// Feeds the bytes of `bufferPointer` into the hash.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        guard var base = bufferPointer.baseAddress, bufferPointer.count > 0 else { return }
        var remaining = bufferPointer.count
        length &+= UInt64(remaining)
        if !pending.isEmpty {
            let take = Swift.min(Self.blockByteCount - pending.count, remaining)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            base += take
            remaining -= take
            guard pending.count == Self.blockByteCount else { return }
            let block = pending
            block.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = remaining / Self.blockByteCount
        if whole > 0 {
            compress(blocks: base, count: whole)
            base += whole * Self.blockByteCount
            remaining -= whole * Self.blockByteCount
        }
        if remaining > 0 {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: remaining))
        }
    }

    /// Returns the digest of everything fed so far (the padding of FIPS 180-4 §5.1.1, as SHA-256's);
    /// `self` is left unchanged.
    public func finalize() -> SHA1Digest {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        let used = (pending.count + 1) % Self.blockByteCount
        padding.append(contentsOf: repeatElement(0, count: used <= 56 ? 56 - used : 120 - used))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        padding.withUnsafeBytes { copy.update(bufferPointer: $0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        for word in [copy.h.0, copy.h.1, copy.h.2, copy.h.3, copy.h.4] {
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return SHA1Digest(bytes: bytes)
    }

    /// Runs the compression function over `count` consecutive 64-byte blocks.
    private mutating func compress(blocks: UnsafeRawPointer, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            var (h0, h1, h2, h3, h4) = h
            for blockIndex in 0..<count {
                let block = blocks + blockIndex * 64
                for t in 0..<16 {
                    w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                }
                for t in 16..<80 {
                    w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)
                }
                var a = h0, b = h1, c = h2, d = h3, e = h4
                for t in 0..<80 {
                    let f: UInt32
                    let k: UInt32
                    switch t {
                    case 0..<20:
                        f = (b & c) | (~b & d)
                        k = 0x5a82_7999
                    case 20..<40:
                        f = b ^ c ^ d
                        k = 0x6ed9_eba1
                    case 40..<60:
                        f = (b & c) | (b & d) | (c & d)
                        k = 0x8f1b_bcdc
                    default:
                        f = b ^ c ^ d
                        k = 0xca62_c1d6
                    }
                    let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[t]
                    e = d
                    d = c
                    c = rotl(b, 30)
                    b = a
                    a = temp
                }
                h0 &+= a
                h1 &+= b
                h2 &+= c
                h3 &+= d
                h4 &+= e
            }
            h = (h0, h1, h2, h3, h4)
        }
    }

    @inline(__always)
    private func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x << n) | (x >> (32 &- n))
    }
}
