/// The one byte-level rule for what may go into an HTTP header, applied where each value enters and,
/// whatever the path, by the transport before anything is sent (no path can skip it).
///
/// Bytes, not Characters: Swift treats `"\r\n"` as one Character equal to neither `"\r"` nor `"\n"`.
/// A name must be a non-empty RFC 9110 token. A value may hold any byte but the control bytes
/// (0x00-0x1F and 0x7F), horizontal tab excepted, as RFC 9110 allows: a CR or LF would end the
/// header line and start another one on the wire.
public enum HeaderCheck {
    /// What is wrong with `value` as a header value (`a line feed (LF) at byte 4`), nil when nothing.
    /// Never quotes the value: it may be a secret.
    public static func problem(inValue value: String) -> String? {
        // Every header of every request passes here: a loop over the bytes themselves (the string's
        // UTF-8 view cost some 25 instructions a byte).
        var value = value
        let found = value.withUTF8 { bytes -> Int? in
            for offset in 0..<bytes.count where isControl(bytes[offset]) && bytes[offset] != 0x09 { return offset }
            return nil
        }
        guard let found else { return nil }
        return "\(describe(Array(value.utf8)[found])) at byte \(found + 1)"
    }

    /// What is wrong with `name` as a header name, nil when nothing.
    public static func problem(inName name: String) -> String? {
        if name.utf8.isEmpty { return "an empty name" }
        var offset = 0
        for byte in name.utf8 {
            if !isTokenByte(byte) {
                return isControl(byte)
                    ? "\(describe(byte)) at byte \(offset + 1)"
                    : "a character that is not allowed in a header name at byte \(offset + 1)"
            }
            offset += 1
        }
        return nil
    }

    /// Refuses `header` with its origin's exit code, naming the header but never its value.
    public static func check(_ header: HeaderField) throws(GQLPatchError) {
        if let problem = problem(inName: header.name) {
            throw GQLPatchError(
                header.origin.exitCode, "a header name \(header.origin.phrase) holds \(problem); nothing was sent")
        }
        if let problem = problem(inValue: header.value) {
            throw GQLPatchError(
                header.origin.exitCode,
                "the value of header \(header.name) \(header.origin.phrase) holds \(problem), which is not allowed in a header; nothing was sent"
            )
        }
    }

    /// Refuses a credential value before it becomes a header: `what` names it (`AWS_SESSION_TOKEN`,
    /// `the session token from STS AssumeRole`), `origin` gives the exit code.
    public static func checkCredential(_ value: String, what: String, origin: HeaderOrigin) throws(GQLPatchError) {
        if let problem = problem(inValue: value) {
            throw GQLPatchError(origin.exitCode, "\(what) holds \(problem), which cannot be sent in an HTTP header")
        }
    }

    package static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// RFC 9110 `tchar`.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    package static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0D: return "a carriage return (CR)"
        case 0x0A: return "a line feed (LF)"
        case 0x00: return "a NUL byte"
        case 0x09: return "a tab"
        default:
            let hex = Array("0123456789abcdef")
            return "a control byte (0x\(hex[Int(byte >> 4)])\(hex[Int(byte & 0x0F)]))"
        }
    }
}
