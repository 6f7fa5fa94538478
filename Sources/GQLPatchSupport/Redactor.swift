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
    public static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return secretHeaders.contains(lower) || secretNameParts.contains { lower.contains($0) }
    }

    public static func headerValue(name: String, value: String) -> String {
        isSecretHeader(name) ? redact(value) : value
    }

    /// The `user:password` part of a URL's authority, nil when there is none.
    package static func userInfo(of url: String) -> Substring? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return authority[..<at]
    }

    /// The URL with the password of its `user:password@` part replaced by `…` (the user name is kept).
    public static func url(_ url: String) -> String {
        guard let info = userInfo(of: url) else { return url }
        guard let colon = info.firstIndex(of: ":") else { return url }
        return String(url[..<info.index(after: colon)]) + "…" + String(url[info.endIndex...])
    }
}
