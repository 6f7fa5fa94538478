/// Base32 (RFC 4648 §6), the form of the TOTP secret Cognito hands out (`AssociateSoftwareToken`) and
/// authenticator apps show: decoded leniently as those apps do (lower case, spaces, missing or
/// trailing '=' padding), anything else refused.
public enum Base32 {
    /// The bytes of `text`; a partial last group's leftover bits are dropped.
    public static func decode(_ text: String) throws(TOTPError) -> [UInt8] {
        var bytes: [UInt8] = []
        var accumulator: UInt64 = 0
        var bits = 0
        var paddingStarted = false
        for (position, character) in text.utf8.enumerated() {
            let value: UInt8
            switch character {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "="):
                paddingStarted = true
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a")
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = character - UInt8(ascii: "2") + 26
            default: throw .invalidCharacter(position: position + 1)
            }
            // Data after padding is not base32.
            if paddingStarted { throw .invalidCharacter(position: position + 1) }
            accumulator = (accumulator << 5) | UInt64(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt64(bits)))
                accumulator &= (1 << UInt64(bits)) - 1
            }
        }
        return bytes
    }
}
