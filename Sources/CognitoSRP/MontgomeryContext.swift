/// Montgomery arithmetic modulo an odd `N` of `n` words: `R = 2^(64·n)`, `n0' = -N⁻¹ mod 2^64`,
/// `R² mod N`. Numbers in Montgomery form are `x·R mod N` held in exactly `n` words.
///
/// Constant-time: `multiply` (CIOS, the final subtraction chosen by mask) and `power` (a fixed
/// 4-bit window over every bit of the exponent's width, the table entry read by masking over all 16
/// entries, so no branch or memory index depends on the exponent's bits). Setting up the context and
/// converting the base are constant-time too (`remainder(modulo:)`), though only the modulus is
/// public. Not hidden: the exponent's width (its word count), which the caller fixes from public sizes.
public struct MontgomeryContext: Sendable {
    /// The modulus `N` (odd, normalized).
    public let modulus: BigUInt
    /// `N`'s words, least significant first.
    private let n: [UInt64]
    /// `-N⁻¹ mod 2^64`.
    private let n0Inverse: UInt64
    /// `R² mod N`, for converting into Montgomery form.
    private let rSquared: [UInt64]
    /// `R mod N`: 1 in Montgomery form.
    private let one: [UInt64]

    /// The window width of `power`, in bits.
    private static let window = 4

    /// Prepares arithmetic modulo `modulus`; nil unless it is odd and above 1.
    public init?(modulus: BigUInt) {
        let modulus = modulus.normalized()
        guard let low = modulus.words.first, low & 1 == 1, modulus > BigUInt(1) else { return nil }
        self.modulus = modulus
        n = modulus.words
        // Newton's iteration doubles the correct low bits each step: 1 → 2 → 4 … → 64 (N⁻¹ mod 2^64).
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- low &* inverse) }
        n0Inverse = 0 &- inverse
        var r = [UInt64](repeating: 0, count: n.count + 1)
        r[n.count] = 1
        one = BigUInt(words: r).remainder(modulo: modulus).words
        var r2 = [UInt64](repeating: 0, count: 2 * n.count + 1)
        r2[2 * n.count] = 1
        rSquared = BigUInt(words: r2).remainder(modulo: modulus).words
    }

    /// The Montgomery product `a·b·R⁻¹ mod N` of two `n`-word values below `N`.
    func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let count = n.count
        var result = [UInt64](repeating: 0, count: count)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count + 2) { t in
            t.initialize(repeating: 0)
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    n.withUnsafeBufferPointer { n in
                        for i in 0..<count {
                            // t += a·b[i]
                            let bi = b[i]
                            var carry: UInt64 = 0
                            for j in 0..<count {
                                let (high, low) = a[j].multipliedFullWidth(by: bi)
                                let (s1, o1) = low.addingReportingOverflow(t[j])
                                let (s2, o2) = s1.addingReportingOverflow(carry)
                                t[j] = s2
                                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                            }
                            let (top, overflow) = t[count].addingReportingOverflow(carry)
                            t[count] = top
                            t[count + 1] = overflow ? 1 : 0
                            // t = (t + m·N) / 2^64, with m chosen so that the low word cancels.
                            let m = t[0] &* n0Inverse
                            let (high0, low0) = m.multipliedFullWidth(by: n[0])
                            let (_, cancel) = low0.addingReportingOverflow(t[0])
                            carry = high0 &+ (cancel ? 1 : 0)
                            for j in 1..<max(count, 1) {
                                let (high, low) = m.multipliedFullWidth(by: n[j])
                                let (s1, o1) = low.addingReportingOverflow(t[j])
                                let (s2, o2) = s1.addingReportingOverflow(carry)
                                t[j - 1] = s2
                                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                            }
                            let (last, o3) = t[count].addingReportingOverflow(carry)
                            t[count - 1] = last
                            t[count] = t[count + 1] &+ (o3 ? 1 : 0)
                        }
                        // t < 2N: subtract N when t ≥ N, chosen by mask.
                        var borrow: UInt64 = 0
                        result.withUnsafeMutableBufferPointer { out in
                            for j in 0..<count {
                                let (d1, o1) = t[j].subtractingReportingOverflow(n[j])
                                let (d2, o2) = d1.subtractingReportingOverflow(borrow)
                                out[j] = d2
                                borrow = (o1 ? 1 : 0) | (o2 ? 1 : 0)
                            }
                            let (_, o4) = t[count].subtractingReportingOverflow(borrow)
                            let keep = 0 &- UInt64(o4 ? 1 : 0)  // all ones when t < N
                            for j in 0..<count {
                                out[j] = (t[j] & keep) | (out[j] & ~keep)
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// `x mod N` in Montgomery form.
    func toMontgomery(_ x: BigUInt) -> [UInt64] {
        multiply(x.remainder(modulo: modulus).words, rSquared)
    }

    /// Back from Montgomery form.
    func fromMontgomery(_ x: [UInt64]) -> BigUInt {
        var unit = [UInt64](repeating: 0, count: n.count)
        unit[0] = 1
        return BigUInt(words: multiply(x, unit))
    }

    /// `base^exponent mod N`, `n` words wide, constant-time in the exponent (see the type's comment)
    /// and in the base.
    public func power(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let count = n.count
        let entries = 1 << Self.window
        // table[i] = base^i in Montgomery form, flat.
        var table = [UInt64](repeating: 0, count: entries * count)
        let b = toMontgomery(base)
        var entry = one
        for i in 0..<entries {
            table.replaceSubrange(i * count..<(i + 1) * count, with: entry)
            entry = multiply(entry, b)
        }
        var accumulator = one
        var selected = [UInt64](repeating: 0, count: count)
        let windows = (exponent.words.count * 64 + Self.window - 1) / Self.window
        for windowIndex in stride(from: windows - 1, through: 0, by: -1) {
            for _ in 0..<Self.window { accumulator = multiply(accumulator, accumulator) }
            let bitIndex = windowIndex * Self.window
            let digit = (exponent.words[bitIndex / 64] >> UInt64(bitIndex % 64)) & UInt64(entries - 1)
            for j in 0..<count { selected[j] = 0 }
            table.withUnsafeBufferPointer { table in
                for i in 0..<entries {
                    let difference = UInt64(i) ^ digit
                    // All ones when difference == 0, else zero, without a branch.
                    let mask = ((difference | (0 &- difference)) >> 63) &- 1
                    for j in 0..<count { selected[j] |= table[i * count + j] & mask }
                }
            }
            accumulator = multiply(accumulator, selected)
        }
        return fromMontgomery(accumulator)
    }
}
