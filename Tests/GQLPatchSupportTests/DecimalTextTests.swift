import Foundation
import GQLPatchTestSupport
import TestSupport
import Testing

@testable import GQLPatchSupport

@Suite struct DecimalTextTests {
    @Test(arguments: [
        (0.0, 1, "0.0"), (-0.0, 1, "-0.0"), (1.0, 0, "1"), (12.5, 0, "12"), (13.5, 0, "14"), (0.5, 0, "0"),
        (2.25, 1, "2.2"), (2.75, 1, "2.8"), (0.35, 1, "0.3"), (0.45, 1, "0.5"), (1.005, 2, "1.00"),
        (0.125, 2, "0.12"), (0.375, 2, "0.38"), (9.96, 1, "10.0"), (0.999, 2, "1.00"), (240.0, 1, "240.0"),
        (37.5, 1, "37.5"), (3.14159, 4, "3.1416"), (-2.5, 1, "-2.5"), (-0.04, 1, "-0.0"), (-0.06, 1, "-0.1"),
        (1e-20, 15, "0.000000000000000"), (123_456_789.123_456_7, 2, "123456789.12"),
        (4_503_599_627_370_497.0, 1, "4503599627370497.0"), (18_446_744_073_709_549_568.0, 0, "18446744073709549568"),
        (Double.infinity, 1, "inf"), (-Double.infinity, 2, "-inf"), (Double.nan, 1, "nan"),
    ])
    func knownValues(value: Double, digits: Int, text: String) {
        #expect(DecimalText.fixed(value, fractionDigits: digits) == text)
    }

    /// Agrees with C's `printf` (through Foundation's `String(format:)`) on many values of all sizes,
    /// with a fixed seed so a failure can be repeated.
    @Test(arguments: [0, 1, 2, 3, 6, 15])
    func agreesWithPrintf(digits: Int) {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(digits))
        var mismatches: [String] = []
        for round in 0..<20_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(random.next() % 1_000_000) / 1000 + 0.0005 * Double(random.next() % 3)
            case 1: value = Double(bitPattern: random.next() >> 2)  // any magnitude below 2^256
            case 2: value = Double(random.next() % 1_000_000) / 64  // many exact decimal ties
            default: value = -Double(random.next() % 1_000_000_000) / 1_000_000
            }
            guard value.magnitude < 1.8e19 else { continue }
            let expected = String(format: "%.\(digits)f", value)
            let actual = DecimalText.fixed(value, fractionDigits: digits)
            if actual != expected { mismatches.append("\(value): \(actual) != \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
