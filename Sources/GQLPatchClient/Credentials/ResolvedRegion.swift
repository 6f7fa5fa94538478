/// The region to sign with, where it came from, and a warning when two sources disagree.
public struct ResolvedRegion: Sendable, Hashable {
    /// The region, e.g. `us-east-1`.
    public var region: String
    /// Where it came from: `--region`, `AWS_REGION`, `AWS_DEFAULT_REGION`, `profile dev`, `endpoint host`.
    public var source: String
    /// Set when a configured region differs from the endpoint host's region, for the user to see.
    public var warning: String?

    public init(region: String, source: String, warning: String? = nil) {
        self.region = region
        self.source = source
        self.warning = warning
    }
}
