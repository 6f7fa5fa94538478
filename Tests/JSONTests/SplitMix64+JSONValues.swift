import JSON
import TestSupport

/// Random JSON values for round-trip tests, from the shared seeded generator.
extension SplitMix64 {
    private static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{FFFF}",
        "\u{10FFFF}",
    ]

    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &self) {
            scalars.append(Self.alphabet.randomElement(using: &self) ?? "a")
        }
        return String(scalars)
    }

    mutating func value(depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &self) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2: return .int(Int(bitPattern: UInt(truncatingIfNeeded: next())) >> Int.random(in: 0...63, using: &self))
        case 3:
            let bits = next()
            let double = Double(bitPattern: bits)
            return .double(double.isFinite ? double : Double(Int64(bitPattern: bits)) / 1000)
        case 4, 5: return .string(string())
        case 6: return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in value(depth: depth - 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &self) { object[string()] = value(depth: depth - 1) }
            return .object(object)
        }
    }
}
