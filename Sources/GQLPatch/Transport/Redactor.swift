/// Hides secrets in anything shown to a person: `da2-abcdefghijklmnop` -> `da2-…mnop`.
public enum Redactor {
    /// Keeps at most 4 characters at each end, and only of a secret long enough (16+) that they
    /// reveal little; shorter secrets become `…`.
    public static func redact(_ secret: String) -> String {
        guard secret.count >= 16 else { return "…" }
        return "\(secret.prefix(4))…\(secret.suffix(4))"
    }

    /// Header names whose values are secrets.
    public static let secretHeaders: Set<String> = ["x-api-key", "authorization", "x-amz-security-token"]

    public static func headerValue(name: String, value: String) -> String {
        secretHeaders.contains(name.lowercased()) ? redact(value) : value
    }
}
