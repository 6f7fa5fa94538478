import TestSupport

extension SplitMix64 {
    /// `count` seeded pseudo-random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// Random lower-case hex of `digits` digits.
    mutating func hex(digits: Int) -> String {
        String((0..<digits).map { _ in Array("0123456789abcdef")[Int(next() % 16)] })
    }
}
