import GQLPatchOperations

/// `gqlpatch diff [<Model>...] [--from-OPTION ...] [--to-OPTION ...] [--include-timestamps]
/// [--page-size N]`.
public struct DiffOptions: Sendable {
    /// The models named; empty: every model both APIs can list.
    public var models: [String] = []
    /// The source side's own global options, by their global names (`APISide`).
    public var from: [ParsedOption] = []
    /// The target side's.
    public var to: [ParsedOption] = []
    /// `--include-timestamps`: compare `createdAt`/`updatedAt` too.
    public var includeTimestamps = false
    /// `--page-size N`: the `limit` argument of each request.
    public var pageSize: Int?
    /// `--same-api`: both sides may be one API (compared with itself).
    public var sameAPI = false

    public init() {}
}
