import GQLPatchOperations

/// `gqlpatch dups <Model> --key FIELD=VALUE --by FIELD,... [--index NAME] [--page-size N]`.
public struct DupsOptions: Sendable {
    public var model: String
    /// `--key FIELD=VALUE`: the parent, a key's partition key, whose records are compared.
    public var parent: [FieldAssignment] = []
    /// `--by a,b`: the fields whose equal values make records duplicates, in the order given.
    public var by: [String] = []
    /// `--index NAME`: the secondary index to read the parent through (by its name or its query's).
    public var index: String?
    /// `--page-size N`: records a request.
    public var pageSize: Int?

    public init(model: String) {
        self.model = model
    }
}
