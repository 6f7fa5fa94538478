import AWSSigning

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps from the
/// Unix epoch, as Cognito's `SOFTWARE_TOKEN_MFA` checks them.
public enum TOTP {
    /// The step length in seconds.
    public static let period = 30

    /// The 6-digit code of the base32 secret at a time.
    public static func code(base32Secret: String, at secondsSince1970: Int) throws(TOTPError) -> String {
        let key = try Base32.decode(base32Secret)
        guard !key.isEmpty else { throw .emptySecret }
        return try code(key: key, at: secondsSince1970, digits: 6)
    }

    /// The code of raw key bytes with 6 to 8 digits (8 for RFC 6238's test vectors).
    package static func code(key: [UInt8], at secondsSince1970: Int, digits: Int) throws(TOTPError) -> String {
        guard secondsSince1970 >= 0 else { throw .timeBeforeEpoch }
        return hotp(key: key, counter: UInt64(secondsSince1970 / period), digits: digits)
    }

    /// HOTP (RFC 4226 §5.3): dynamic truncation of HMAC-SHA1 over the big-endian counter.
    package static func hotp(key: [UInt8], counter: UInt64, digits: Int) -> String {
        precondition((6...8).contains(digits), "TOTP codes have 6 to 8 digits")
        let message = stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: counter >> UInt64($0)) }
        let mac = HMAC<SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key)).bytes
        let offset = Int(mac[19] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(binary % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
