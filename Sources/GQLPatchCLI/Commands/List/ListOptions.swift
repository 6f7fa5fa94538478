import GQLPatchOperations

/// `gqlpatch list <Model> [--where F=V]... [--filter JSON] [--limit N] [--page-size N] [--sort asc|desc] [--index NAME] [--include-deleted]`.
public struct ListOptions: Sendable {
    public var model: String
    /// `--where FIELD=VALUE` (or `FIELD:=JSON`, `FIELD>VALUE`, `FIELD=LOW..HIGH`, ...), AND-ed.
    public var conditions: [FieldTest] = []
    /// `--index NAME`: the secondary index to query (by its name or its query's).
    public var index: String?
    /// `--filter JSON` (or `@PATH`): a `Model<X>FilterInput` object, AND-ed with `--where`.
    public var filter: String?
    /// `--limit N`: print at most N records in all.
    public var limit: Int?
    /// `--page-size N`: the `limit` argument of each request.
    public var pageSize: Int?
    public var sort: SortOrder?
    public var includeDeleted = false
    /// `--starting-token TOKEN`: the `nextToken` to start from (one a stopped listing printed).
    public var startingToken: String?
    /// `--strict`: stop at the first item the server could not return, instead of reporting it and going on.
    public var strict = false
    /// `--errors-inline`: each item error also as an `{"error": ...}` line on stdout.
    public var errorsInline = false
    /// Whether to catch SIGINT/SIGTERM to print the token to resume from (the real process only).
    package var catchesInterrupt = false
    /// `--select a,b,c.d`; nil means the default selection.
    public var select: [String]?

    public init(model: String) {
        self.model = model
    }
}
