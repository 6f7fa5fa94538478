/// The hex conventions of Cognito's SRP (amazon-cognito-identity-js, pycognito).
enum SRPHex {
    /// `padHex`: an even number of digits, with `00` in front when the first digit is 8–f, so that the
    /// bytes read as a positive two's-complement number (Java's `BigInteger` in the original client).
    /// A hex string keeps its own leading zeros and case, as the reference clients do with the salt.
    static func pad(_ hex: String) -> String {
        if hex.utf8.count % 2 == 1 { return "0" + hex }
        if let first = hex.utf8.first, let value = BigUInt.nibble(first), value >= 8 { return "00" + hex }
        return hex
    }

    /// The bytes of an even-length hex string (either case); nil for anything else.
    static func bytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = BigUInt.nibble(digits[index]), let low = BigUInt.nibble(digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// `bytes` as lower-case hex.
    static func encode(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
