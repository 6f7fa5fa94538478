extension SHA256 {
    /// The computation so far as 40 to 103 bytes (the eight working words, the length, the bytes of
    /// the incomplete block), so a process can go on hashing where another one stopped: a resumed
    /// export's digest covers the lines a killed run wrote.
    public var saved: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + pending.count)
        let s = state
        for word in [s.h0, s.h1, s.h2, s.h3, s.h4, s.h5, s.h6, s.h7] {
            for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
        }
        bytes += pending
        return bytes
    }

    /// Goes on from `saved`; nil when the bytes are not a saved computation (wrong length, or an
    /// incomplete block that disagrees with the length).
    public init?(saved bytes: [UInt8]) {
        guard bytes.count >= 40, bytes.count - 40 < Self.blockByteCount else { return nil }
        func word(_ at: Int) -> UInt32 {
            bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        let length = bytes[32..<40].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let pending = Array(bytes[40...])
        guard length % UInt64(Self.blockByteCount) == UInt64(pending.count) else { return nil }
        self.init()
        state = State(
            h0: word(0), h1: word(4), h2: word(8), h3: word(12), h4: word(16), h5: word(20), h6: word(24),
            h7: word(28))
        self.length = length
        self.pending = pending
    }
}
