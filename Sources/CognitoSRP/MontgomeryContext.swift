/// Montgomery arithmetic modulo an odd `N` of `n` words: `R = 2^(64·n)`, `n0' = -N⁻¹ mod 2^64`,
/// `R² mod N`. Numbers in Montgomery form are `x·R mod N` held in exactly `n` words.
///
/// Constant-time: `multiply` (CIOS) and `square` (the final subtraction chosen by mask), and `power` (a fixed
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
        // R² mod N by doubling R mod N 64·n times (each a shift and a masked subtraction), several times
        // cheaper than the bit-by-bit remainder of a 2·64·n-bit number.
        var square = one
        var doubled = square
        var reduced = square
        for _ in 0..<(64 * n.count) {
            var carry: UInt64 = 0
            for j in 0..<n.count {
                doubled[j] = (square[j] << 1) | carry
                carry = square[j] >> 63
            }
            let borrow = BigUInt.subtract(doubled, n, into: &reduced)
            let subtractN = 0 &- (carry | (1 &- borrow))
            for j in 0..<n.count { square[j] = (reduced[j] & subtractN) | (doubled[j] & ~subtractN) }
        }
        rSquared = square
    }

    /// The Montgomery product `a·b·R⁻¹ mod N` of two `n`-word values below `N`. Carries go through
    /// `UInt128` sums, which compile to add-with-carry: no branch on any bit of the operands.
    func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let count = n.count
        let n0Inverse = self.n0Inverse
        return [UInt64](unsafeUninitializedCapacity: count) { out, initialized in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count + 2) { t in
                t.initialize(repeating: 0)
                a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in
                        n.withUnsafeBufferPointer { n in
                            // CIOS with the two inner loops fused: t = (t + a·b[i] + m·N) / 2^64, m chosen
                            // so that the low word cancels; two independent carry chains per word.
                            for i in 0..<count {
                                let bi = UInt128(b[i])
                                let first = UInt128(a[0]) &* bi &+ UInt128(t[0])
                                let m = UInt128(UInt64(truncatingIfNeeded: first) &* n0Inverse)
                                let reduced = m &* UInt128(n[0]) &+ (first & 0xffff_ffff_ffff_ffff)
                                var productCarry = UInt64(truncatingIfNeeded: first &>> 64)
                                var reductionCarry = UInt64(truncatingIfNeeded: reduced &>> 64)
                                for j in 1..<count {
                                    let product = UInt128(a[j]) &* bi &+ UInt128(t[j]) &+ UInt128(productCarry)
                                    productCarry = UInt64(truncatingIfNeeded: product &>> 64)
                                    let sum =
                                        m &* UInt128(n[j]) &+ UInt128(UInt64(truncatingIfNeeded: product))
                                        &+ UInt128(reductionCarry)
                                    reductionCarry = UInt64(truncatingIfNeeded: sum &>> 64)
                                    t[j - 1] = UInt64(truncatingIfNeeded: sum)
                                }
                                let top = UInt128(t[count]) &+ UInt128(productCarry) &+ UInt128(reductionCarry)
                                t[count - 1] = UInt64(truncatingIfNeeded: top)
                                t[count] = t[count + 1] &+ UInt64(truncatingIfNeeded: top &>> 64)
                                t[count + 1] = 0
                            }
                            // t < 2N: subtract N when t ≥ N, chosen by mask.
                            var borrow: UInt64 = 0
                            for j in 0..<count {
                                let difference = UInt128(t[j]) &- UInt128(n[j]) &- UInt128(borrow)
                                out[j] = UInt64(truncatingIfNeeded: difference)
                                borrow = UInt64(truncatingIfNeeded: difference &>> 127)
                            }
                            let last = UInt128(t[count]) &- UInt128(borrow)
                            let keep = 0 &- UInt64(truncatingIfNeeded: last &>> 127)  // all ones when t < N
                            for j in 0..<count {
                                out[j] = (t[j] & keep) | (out[j] & ~keep)
                            }
                        }
                    }
                }
            }
            initialized = count
        }
    }

    /// The Montgomery square `a²·R⁻¹ mod N`: the product's cross terms computed once and doubled
    /// (about half the word products of `multiply`), then word-by-word reduction; branch-free like it.
    func square(_ a: [UInt64]) -> [UInt64] {
        let count = n.count
        let n0Inverse = self.n0Inverse
        return [UInt64](unsafeUninitializedCapacity: count) { out, initialized in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * count) { p in
                p.initialize(repeating: 0)
                a.withUnsafeBufferPointer { a in
                    n.withUnsafeBufferPointer { n in
                        // Cross terms a[i]·a[j], i < j.
                        for i in 0..<count {
                            let ai = UInt128(a[i])
                            var carry: UInt64 = 0
                            for j in (i + 1)..<max(count, i + 1) {
                                let sum = ai &* UInt128(a[j]) &+ UInt128(p[i + j]) &+ UInt128(carry)
                                p[i + j] = UInt64(truncatingIfNeeded: sum)
                                carry = UInt64(truncatingIfNeeded: sum &>> 64)
                            }
                            if i + count < 2 * count { p[i + count] = carry }
                        }
                        // Doubled, plus the squares a[i]² on the diagonal.
                        var shifted: UInt64 = 0
                        var carry: UInt64 = 0
                        for i in 0..<count {
                            let low = p[2 * i], high = p[2 * i + 1]
                            let doubledLow = (low << 1) | shifted
                            let doubledHigh = (high << 1) | (low >> 63)
                            shifted = high >> 63
                            let diagonal = UInt128(a[i]) &* UInt128(a[i])
                            let sumLow =
                                UInt128(doubledLow) &+ (diagonal & 0xffff_ffff_ffff_ffff) &+ UInt128(carry)
                            p[2 * i] = UInt64(truncatingIfNeeded: sumLow)
                            let sumHigh =
                                UInt128(doubledHigh) &+ (diagonal &>> 64) &+ (sumLow &>> 64)
                            p[2 * i + 1] = UInt64(truncatingIfNeeded: sumHigh)
                            carry = UInt64(truncatingIfNeeded: sumHigh &>> 64)
                        }
                        // Reduction: add m·N·2^(64i) so that word i cancels, for each low word.
                        var top: UInt64 = 0
                        for i in 0..<count {
                            let m = UInt128(p[i] &* n0Inverse)
                            var carry: UInt64 = 0
                            for j in 0..<count {
                                let sum = m &* UInt128(n[j]) &+ UInt128(p[i + j]) &+ UInt128(carry)
                                p[i + j] = UInt64(truncatingIfNeeded: sum)
                                carry = UInt64(truncatingIfNeeded: sum &>> 64)
                            }
                            let sum = UInt128(p[i + count]) &+ UInt128(carry) &+ UInt128(top)
                            p[i + count] = UInt64(truncatingIfNeeded: sum)
                            top = UInt64(truncatingIfNeeded: sum &>> 64)
                        }
                        // The result p[count..<2count] + top·R is below 2N: subtract N by mask.
                        var borrow: UInt64 = 0
                        for j in 0..<count {
                            let difference = UInt128(p[count + j]) &- UInt128(n[j]) &- UInt128(borrow)
                            out[j] = UInt64(truncatingIfNeeded: difference)
                            borrow = UInt64(truncatingIfNeeded: difference &>> 127)
                        }
                        let last = UInt128(top) &- UInt128(borrow)
                        let keep = 0 &- UInt64(truncatingIfNeeded: last &>> 127)  // all ones when below N
                        for j in 0..<count {
                            out[j] = (p[count + j] & keep) | (out[j] & ~keep)
                        }
                    }
                }
            }
            initialized = count
        }
    }

    /// `x mod N` in exactly `n` words, constant-time in `x`'s value. Fast paths by width (public):
    /// fewer words than N is already below N; as many words, with N's top bit set, is below 2N and needs
    /// one subtraction chosen by mask; anything else takes `remainder(modulo:)`.
    public func reduce(_ x: BigUInt) -> BigUInt {
        let count = n.count
        if x.words.count < count {
            return BigUInt(words: x.words + [UInt64](repeating: 0, count: count - x.words.count))
        }
        if x.words.count == count, n[count - 1] >> 63 == 1 {
            var difference = [UInt64](repeating: 0, count: count)
            let borrow = BigUInt.subtract(x.words, n, into: &difference)
            let keep = 0 &- borrow  // all ones when x < N
            return BigUInt(words: (0..<count).map { (x.words[$0] & keep) | (difference[$0] & ~keep) })
        }
        return x.remainder(modulo: modulus)
    }

    /// `a·b mod N` by one Montgomery multiplication with `a` converted (constant-time in both).
    public func product(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        BigUInt(words: multiply(toMontgomery(a), reduce(b).words))
    }

    /// `x mod N` in Montgomery form.
    func toMontgomery(_ x: BigUInt) -> [UInt64] {
        multiply(reduce(x).words, rSquared)
    }

    /// Back from Montgomery form.
    func fromMontgomery(_ x: [UInt64]) -> BigUInt {
        var unit = [UInt64](repeating: 0, count: n.count)
        unit[0] = 1
        return BigUInt(words: multiply(x, unit))
    }

    /// `2^exponent mod N` (the SRP generator): for every bit of the exponent's width a square, then a
    /// modular doubling (a shift and a subtraction, far cheaper than a multiplication) kept or not by
    /// mask. Constant-time like `power`; about 13% less work for SRP's two powers of g.
    private func powerOfTwo(_ exponent: BigUInt) -> BigUInt {
        let count = n.count
        var accumulator = one
        var doubled = [UInt64](repeating: 0, count: count)
        var reduced = [UInt64](repeating: 0, count: count)
        for wordIndex in stride(from: exponent.words.count - 1, through: 0, by: -1) {
            let word = exponent.words[wordIndex]
            for bit in stride(from: 63, through: 0, by: -1) {
                accumulator = square(accumulator)
                // doubled = 2·accumulator (count + 1 words: the carry), reduced = doubled − N.
                var carry: UInt64 = 0
                for j in 0..<count {
                    doubled[j] = (accumulator[j] << 1) | carry
                    carry = accumulator[j] >> 63
                }
                let borrow = BigUInt.subtract(doubled, n, into: &reduced)
                // Below 2N: subtract N when 2·acc ≥ N, i.e. when the carry is set or nothing was borrowed.
                let subtractN = 0 &- (carry | (1 &- borrow))
                let take = 0 &- ((word >> UInt64(bit)) & 1)
                for j in 0..<count {
                    let twice = (reduced[j] & subtractN) | (doubled[j] & ~subtractN)
                    accumulator[j] = (twice & take) | (accumulator[j] & ~take)
                }
            }
        }
        return fromMontgomery(accumulator)
    }

    /// `base^exponent mod N`, `n` words wide, constant-time in the exponent (see the type's comment)
    /// and in the base.
    public func power(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        // The base is public (SRP's g = 2 or a value derived from B): choosing the path by it leaks nothing.
        if base == BigUInt(2), n.count > 1 { return powerOfTwo(exponent) }
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
            for _ in 0..<Self.window { accumulator = square(accumulator) }
            let bitIndex = windowIndex * Self.window
            let digit = (exponent.words[bitIndex / 64] >> UInt64(bitIndex % 64)) & UInt64(entries - 1)
            table.withUnsafeBufferPointer { table in
                selected.withUnsafeMutableBufferPointer { selected in
                    for j in 0..<count { selected[j] = 0 }
                    for i in 0..<entries {
                        let difference = UInt64(i) ^ digit
                        // All ones when difference == 0, else zero, without a branch.
                        let mask = ((difference | (0 &- difference)) >> 63) &- 1
                        for j in 0..<count { selected[j] |= table[i * count + j] & mask }
                    }
                }
            }
            accumulator = multiply(accumulator, selected)
        }
        return fromMontgomery(accumulator)
    }
}
