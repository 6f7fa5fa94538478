/// Hides secrets in anything shown to a person: `da2-abcdefghijklmnop` -> `da2-…mnop`.
public enum Redactor {
    /// Keeps at most 4 characters at each end, and only of a secret long enough (16+) that they
    /// reveal little; shorter secrets become `…`.
    public static func redact(_ secret: String) -> String {
        guard secret.count >= 16 else { return "…" }
        return "\(secret.prefix(4))…\(secret.suffix(4))"
    }

    /// Header names whose values are secrets.
    public static let secretHeaders: Set<String> = [
        "x-api-key", "authorization", "proxy-authorization", "x-amz-security-token", "x-aws-ec2-metadata-token",
        "cookie",
    ]

    /// Words that make any other header name (`X-Auth-Token`, `X-Custom-Secret`) a credential's.
    package static let secretNameParts = [
        "auth", "token", "secret", "key", "password", "session", "cookie", "credential",
    ]

    /// Whether a header named `name` carries a credential: its value is redacted in traces, scrubbed
    /// from output, and never sent over plain http to another host.
    ///
    /// Asked for every header of every request (the scrubber registers what they carry), so it reads
    /// the name's bytes in place, ASCII case folded: a header name is an RFC 9110 token, ASCII only.
    public static func isSecretHeader(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            secretHeaderBytes.contains { foldedEqual(bytes, $0) }
                || secretNamePartBytes.contains { foldedContains(bytes, $0) }
        }
    }

    private static let secretHeaderBytes = secretHeaders.map { Array($0.utf8) }
    private static let secretNamePartBytes = secretNameParts.map { Array($0.utf8) }

    /// ASCII upper case to lower case; other bytes as they are.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func foldedEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: [UInt8]) -> Bool {
        bytes.count == lower.count && zip(bytes, lower).allSatisfy { folded($0) == $1 }
    }

    private static func foldedContains(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: [UInt8]) -> Bool {
        guard bytes.count >= lower.count else { return false }
        for start in 0...(bytes.count - lower.count) {
            var index = 0
            while index < lower.count, folded(bytes[start + index]) == lower[index] { index += 1 }
            if index == lower.count { return true }
        }
        return false
    }

    public static func headerValue(name: String, value: String) -> String {
        isSecretHeader(name) ? redact(value) : value
    }

    /// The `user:password` part of a URL's authority, nil when there is none: from `://` to the last
    /// `@` of the text. Not to the first `/`, `?` or `#`: a secret key is base64 and may hold `/`
    /// (`http://AKID:wJal/K7MD@host/x`), and a password may hold anything, so the split is taken
    /// where it hides the most. A GraphQL endpoint has no other `@`.
    package static func userInfo(of url: String) -> Substring? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@") else { return nil }
        return rest[..<at]
    }

    /// The URL with its whole `user:password@` part replaced by `…`: a user name may be an access
    /// key id, and an unparsable URL's split between user and password cannot be trusted.
    public static func url(_ url: String) -> String {
        guard let info = userInfo(of: url) else { return url }
        return String(url[..<info.startIndex]) + "…" + String(url[info.endIndex...])
    }
}
