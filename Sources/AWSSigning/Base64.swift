/// Standard base64 (RFC 4648 §4): the Cognito challenge's secret block and signatures, the WebSocket
/// handshake's key, AppSync's real-time `header` parameter. It lives here because every user imports
/// AWSSigning and nothing lower.
public enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 with `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            var group: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { group |= UInt32(byte) << UInt32(16 - 8 * offset) }
            for index in 0..<4 {
                if index <= chunk.count {
                    out.append(alphabet[Int((group >> UInt32(18 - 6 * index)) & 0x3f)])
                } else {
                    out.append(UInt8(ascii: "="))
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of standard base64 text, with or without its `=` padding; nil for any other character,
    /// misplaced padding or a length no encoding has.
    public static func decode(_ text: String) -> [UInt8]? {
        var digits = Array(text.utf8)
        var padding = 0
        while digits.last == UInt8(ascii: "=") && padding < 2 {
            digits.removeLast()
            padding += 1
        }
        if padding > 0 && (digits.count + padding) % 4 != 0 { return nil }
        guard digits.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for digit in digits {
            guard let value = value(of: digit) else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // Unused low bits of the last digit are ignored, as the reference clients' decoders do.
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): digit - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
