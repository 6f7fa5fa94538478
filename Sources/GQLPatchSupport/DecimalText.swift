/// Fixed-point decimal text for a `Double`, as C's `printf("%.Nf")` writes it (without Foundation's
/// `String(format:)`): the exact binary value rounded to `fractionDigits` decimals, ties to even,
/// a leading `-` for negative values (also when they round to zero), `inf`, `-inf` and `nan`.
package enum DecimalText {
    /// The largest number of fraction digits `fixed` writes.
    package static let maxFractionDigits = 15

    /// `value` with `fractionDigits` (0 to 15) digits after the point: `fixed(2.25, fractionDigits: 1)`
    /// is `2.2`, `fixed(0.35, fractionDigits: 1)` is `0.3` (0.35 is stored as 0.34999...).
    /// Integer parts of 2^64 and more are written as Swift describes the value (`1e+20`).
    package static func fixed(_ value: Double, fractionDigits: Int) -> String {
        precondition((0...maxFractionDigits).contains(fractionDigits), "fractionDigits must be 0 to 15")
        let sign = value.sign == .minus ? "-" : ""
        if value.isNaN { return "nan" }
        if value.isInfinite { return sign + "inf" }
        let magnitude = value.magnitude
        let wholePart = magnitude.rounded(.down)
        guard wholePart < 18_446_744_073_709_551_616 else { return "\(value)" }
        var whole = UInt64(wholePart)
        // The fraction is exact (subtracting the floor loses nothing); scale it and round it exactly.
        var fraction = roundedScaledFraction(magnitude - wholePart, digits: fractionDigits, wholeIsOdd: whole % 2 == 1)
        let limit = power10(fractionDigits)
        if fraction == limit {
            fraction = 0
            whole += 1
        }
        guard fractionDigits > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: fractionDigits - digits.count) + digits
    }

    /// `fraction * 10^digits` (fraction in 0..<1) rounded to the nearest integer, ties to even, using
    /// the exact product: the rounded product plus its exact error (a fused multiply-add). With no
    /// fraction digits the last digit written is the whole part's, so its parity breaks a tie.
    private static func roundedScaledFraction(_ fraction: Double, digits: Int, wholeIsOdd: Bool) -> UInt64 {
        let scale = Double(power10(digits))  // exact: 10^15 < 2^53
        let product = fraction * scale
        let error = (-product).addingProduct(fraction, scale)  // fraction * scale - product, exactly
        let floor = product.rounded(.down)
        // `product - floor - 0.5` is exact whenever it decides; otherwise it is below -0.25 and the
        // error (at most half an ulp of `product`) cannot change its sign.
        let aboveHalf = (product - floor) - 0.5
        let roundUp: Bool
        if aboveHalf != 0 {
            roundUp = aboveHalf > 0
        } else if error != 0 {
            roundUp = error > 0
        } else {
            roundUp = digits == 0 ? wholeIsOdd : UInt64(floor) % 2 == 1
        }
        return UInt64(floor) + (roundUp ? 1 : 0)
    }

    private static func power10(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
