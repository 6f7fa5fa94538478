/// SHA-256 (FIPS 180-4). PLACEHOLDER: the implementation lands with the signing issue.
public struct SHA256: Sendable {
    public init() {}
}
