/// An unsigned integer of any size, sized here for SRP's 3072-bit group: 64-bit words, least
/// significant first.
///
/// A value keeps the word count it was made with (its width), and arithmetic gives results whose
/// width follows from the operands' widths, never from their values: a secret (the SRP `a`, the
/// password-derived `x`) flows through `+`, `*` and `remainder(modulo:)` with the same sizes, loops and
/// memory accesses whatever its bits are. Those three and `MontgomeryContext.power` are constant-time in
/// their operands' values. Comparison, `-` (which traps on underflow), `bitWidth`, `normalized()` and
/// the conversions to bytes and hex are not: they are for public values (B, the salt, u, the modulus)
/// and for results that leave as hex anyway.
public struct BigUInt: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The words, least significant first; the top ones may be zero.
    package private(set) var words: [UInt64]

    /// Makes a value from words, least significant first (kept at that width).
    package init(words: [UInt64]) {
        self.words = words
    }

    /// Makes a one-word value.
    public init(_ value: UInt64) {
        self.words = [value]
    }

    /// Makes a value from big-endian bytes; the width is the byte count rounded up to whole words.
    public init(bigEndianBytes bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        for (index, byte) in bytes.reversed().enumerated() {
            words[index / 8] |= UInt64(byte) << UInt64((index % 8) * 8)
        }
        self.words = words
    }

    /// Makes a value from hexadecimal digits (either case, no prefix, leading zeros allowed); nil when
    /// `hex` is empty or holds anything else.
    public init?(hex: some StringProtocol) {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty else { return nil }
        var words = [UInt64](repeating: 0, count: (digits.count + 15) / 16)
        for (index, character) in digits.reversed().enumerated() {
            guard let nibble = Self.nibble(character) else { return nil }
            words[index / 16] |= UInt64(nibble) << UInt64((index % 16) * 4)
        }
        self.words = words
    }

    /// The value of one hex digit, or nil.
    static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Zero at a given width.
    static func zero(width: Int) -> BigUInt { BigUInt(words: [UInt64](repeating: 0, count: width)) }

    /// The value with its zero top words dropped (not constant-time).
    public func normalized() -> BigUInt {
        var trimmed = words
        while trimmed.last == 0 { trimmed.removeLast() }
        return BigUInt(words: trimmed)
    }

    /// Whether the value is zero, looking at every word.
    public var isZero: Bool { words.reduce(0, |) == 0 }

    /// The number of significant bits (0 for zero).
    public var bitWidth: Int {
        let trimmed = normalized().words
        guard let top = trimmed.last else { return 0 }
        return trimmed.count * 64 - top.leadingZeroBitCount
    }

    /// The value as big-endian bytes without leading zero bytes (empty for zero).
    public var bigEndianBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 8)
        for word in words.reversed() {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return Array(bytes.drop(while: { $0 == 0 }))
    }

    /// The value as lower-case hex without leading zeros ("0" for zero), as Python's `f"{n:x}"`.
    public var hex: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(words.count * 16)
        for word in words.reversed() {
            for shift in stride(from: 60, through: 0, by: -4) {
                out.append(digits[Int((word >> UInt64(shift)) & 0xf)])
            }
        }
        let trimmed = out.drop(while: { $0 == UInt8(ascii: "0") })
        return trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self)
    }

    public var description: String { "0x" + hex }

    public static func == (lhs: BigUInt, rhs: BigUInt) -> Bool {
        lhs.normalized().words == rhs.normalized().words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(normalized().words)
    }

    public static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        let a = lhs.normalized().words, b = rhs.normalized().words
        if a.count != b.count { return a.count < b.count }
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != b[index] {
            return a[index] < b[index]
        }
        return false
    }

    /// The sum, one word wider than the wider operand.
    public static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let width = Swift.max(lhs.words.count, rhs.words.count) + 1
        var out = [UInt64](repeating: 0, count: width)
        var carry: UInt64 = 0
        for index in 0..<width {
            let a = index < lhs.words.count ? lhs.words[index] : 0
            let b = index < rhs.words.count ? rhs.words[index] : 0
            let sum = UInt128(a) &+ UInt128(b) &+ UInt128(carry)
            out[index] = UInt64(truncatingIfNeeded: sum)
            carry = UInt64(truncatingIfNeeded: sum &>> 64)
        }
        return BigUInt(words: out)
    }

    /// The difference, as wide as the wider operand; traps when `rhs > lhs`.
    public static func - (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let width = Swift.max(lhs.words.count, rhs.words.count)
        var out = [UInt64](repeating: 0, count: width)
        let borrow = subtract(lhs.words, rhs.words, into: &out)
        precondition(borrow == 0, "BigUInt subtraction underflow")
        return BigUInt(words: out)
    }

    /// `out = a - b` over `out.count` words (missing words read as zero); returns the borrow (0 or 1).
    /// Carries and borrows go through `UInt128` arithmetic here and below: no branch on a bit of a value.
    @discardableResult
    static func subtract(_ a: [UInt64], _ b: [UInt64], into out: inout [UInt64]) -> UInt64 {
        var borrow: UInt64 = 0
        for index in 0..<out.count {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            let difference = UInt128(x) &- UInt128(y) &- UInt128(borrow)
            out[index] = UInt64(truncatingIfNeeded: difference)
            borrow = UInt64(truncatingIfNeeded: difference &>> 127)
        }
        return borrow
    }

    /// The product (schoolbook), as wide as both operands together.
    public static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        var out = [UInt64](repeating: 0, count: lhs.words.count + rhs.words.count)
        for i in 0..<lhs.words.count {
            var carry: UInt64 = 0
            let a = UInt128(lhs.words[i])
            for j in 0..<rhs.words.count {
                let sum = a &* UInt128(rhs.words[j]) &+ UInt128(out[i + j]) &+ UInt128(carry)
                out[i + j] = UInt64(truncatingIfNeeded: sum)
                carry = UInt64(truncatingIfNeeded: sum &>> 64)
            }
            out[i + rhs.words.count] = carry
        }
        return BigUInt(words: out)
    }

    /// The remainder modulo `modulus` (not zero), as wide as `modulus`: shift-and-subtract over every
    /// bit of `self`'s width, the subtraction chosen by mask, so that it is constant-time in `self`.
    public func remainder(modulo modulus: BigUInt) -> BigUInt {
        let m = modulus.normalized().words
        precondition(!m.isEmpty, "BigUInt remainder modulo zero")
        var r = [UInt64](repeating: 0, count: m.count + 1)
        var difference = r
        for wordIndex in stride(from: words.count - 1, through: 0, by: -1) {
            let word = words[wordIndex]
            for bit in stride(from: 63, through: 0, by: -1) {
                // r = 2r + bit; r < 2m before, so r < 2m after one conditional subtraction.
                var carry = (word >> UInt64(bit)) & 1
                for index in 0..<r.count {
                    let next = r[index] >> 63
                    r[index] = (r[index] << 1) | carry
                    carry = next
                }
                let borrow = Self.subtract(r, m, into: &difference)
                let keep = 0 &- borrow  // all ones when r < m
                for index in 0..<r.count {
                    r[index] = (r[index] & keep) | (difference[index] & ~keep)
                }
            }
        }
        return BigUInt(words: Array(r.prefix(m.count)))
    }

    /// `(self - other) mod modulus` for `self` and `other` already below `modulus`; the correction
    /// chosen by mask (constant-time).
    public func subtractingModulo(_ other: BigUInt, modulus: BigUInt) -> BigUInt {
        let m = modulus.normalized().words
        var difference = [UInt64](repeating: 0, count: m.count)
        let borrow = Self.subtract(words, other.words, into: &difference)
        var corrected = difference
        var carry: UInt64 = 0
        for index in 0..<m.count {
            let sum = UInt128(difference[index]) &+ UInt128(m[index]) &+ UInt128(carry)
            corrected[index] = UInt64(truncatingIfNeeded: sum)
            carry = UInt64(truncatingIfNeeded: sum &>> 64)
        }
        let useCorrected = 0 &- borrow
        return BigUInt(
            words: (0..<m.count).map { (corrected[$0] & useCorrected) | (difference[$0] & ~useCorrected) })
    }
}
