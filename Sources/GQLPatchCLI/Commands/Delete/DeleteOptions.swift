import GQLPatchOperations

/// `gqlpatch delete <Model> <key> [--expect-version N] [--if FIELD=VALUE]... [--cascade [--page-size N]]`.
public struct DeleteOptions: Sendable {
    public var model: String
    public var key: ChangeSetBuilder.Key
    /// `--if FIELD=VALUE`, AND-ed.
    public var conditions: [FieldAssignment] = []
    public var expectVersion: Int?
    /// `--cascade`: delete the records of `@hasMany`/`@hasOne` relationships first, depth first.
    public var cascade = false
    /// `--page-size N`: how many children each read of a relationship asks for (with `--cascade`).
    public var pageSize: Int?
    /// `--select a,b,c.d`; nil means the default selection.
    public var select: [String]?
    /// `--preview`: read the record and print what would be deleted; delete nothing.
    public var preview = false
    /// `--where`, `--filter`, `--all`, ...: every record picked instead of one key's.
    public var many = SelectionOptions()

    public init(model: String, key: ChangeSetBuilder.Key) {
        self.model = model
        self.key = key
    }
}
