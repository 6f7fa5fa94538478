import GQLPatchOperations

/// `gqlpatch get <Model> <key> [--select ...] [--include-deleted]`.
public struct GetOptions: Sendable {
    public var model: String
    public var key: ChangeSetBuilder.Key
    /// `--select a,b,c.d`; nil means the default selection.
    public var select: [String]?
    /// `--include-deleted`: print a soft-deleted record instead of answering "not found".
    public var includeDeleted = false

    public init(model: String, key: ChangeSetBuilder.Key) {
        self.model = model
        self.key = key
    }
}
