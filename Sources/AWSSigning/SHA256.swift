/// SHA-256 (FIPS 180-4), incremental: `update` as often as needed, then `finalize()`.
///
/// Whole 64-byte blocks are compressed straight from the caller's memory; only a trailing
/// partial block is copied into an internal buffer.
public struct SHA256: HashFunction {
    /// SHA-256 processes 64-byte blocks.
    public static let blockByteCount = 64
    /// A SHA-256 digest is 32 bytes.
    public static let byteCount = 32

    /// The eight 32-bit working hash values `H0`…`H7`.
    struct State: Sendable {
        var h0: UInt32 = 0x6a09_e667
        var h1: UInt32 = 0xbb67_ae85
        var h2: UInt32 = 0x3c6e_f372
        var h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f
        var h5: UInt32 = 0x9b05_688c
        var h6: UInt32 = 0x1f83_d9ab
        var h7: UInt32 = 0x5be0_cd19
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    var state = State()
    /// Bytes of an incomplete block, always fewer than 64.
    var pending: [UInt8] = []
    /// Total message length in bytes.
    var length: UInt64 = 0

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
            block.withUnsafeBytes { Self.compress(&state, blocks: $0.baseAddress!, count: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = remaining / Self.blockByteCount
        if whole > 0 {
            Self.compress(&state, blocks: base, count: whole)
            base += whole * Self.blockByteCount
            remaining -= whole * Self.blockByteCount
        }
        if remaining > 0 {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: remaining))
        }
    }

    /// Returns the digest of everything fed so far (FIPS 180-4 §5.1.1 padding, then the last
    /// block or two); `self` is left unchanged and may go on being updated.
    public func finalize() -> SHA256Digest {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        let used = (pending.count + 1) % Self.blockByteCount
        let zeros = used <= 56 ? 56 - used : 120 - used
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        padding.withUnsafeBytes { copy.update(bufferPointer: $0) }
        let s = copy.state
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        for word in [s.h0, s.h1, s.h2, s.h3, s.h4, s.h5, s.h6, s.h7] {
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word))
        }
        return SHA256Digest(bytes: bytes)
    }

    /// Runs the compression function (FIPS 180-4 §6.2.2) over `count` consecutive 64-byte blocks.
    private static func compress(_ state: inout State, blocks: UnsafeRawPointer, count: Int) {
        roundConstants.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var h0 = state.h0, h1 = state.h1, h2 = state.h2, h3 = state.h3
                var h4 = state.h4, h5 = state.h5, h6 = state.h6, h7 = state.h7
                for blockIndex in 0..<count {
                    let block = blocks + blockIndex * 64
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t - 15], y = w[t - 2]
                        let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3)
                        let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for t in 0..<64 {
                        let bigSigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choose = (e & f) ^ (~e & g)
                        let t1 = h &+ bigSigma1 &+ choose &+ k[t] &+ w[t]
                        let bigSigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = bigSigma0 &+ majority
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ t2
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                }
                state = State(h0: h0, h1: h1, h2: h2, h3: h3, h4: h4, h5: h5, h6: h6, h7: h7)
            }
        }
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 &- n))
    }
}
