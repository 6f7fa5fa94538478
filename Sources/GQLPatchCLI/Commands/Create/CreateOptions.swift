import GQLPatchOperations

/// `gqlpatch create <Model> (--set ... | --patch PATH|-)... [--if-absent] [--select ...]
/// [--key F=V --next FIELD [--start N]]`.
public struct CreateOptions: Sendable {
    public var model: String
    /// `--set` values in command-line order.
    public var values: [FieldAssignment] = []
    /// `--patch PATH|-`: a JSON object of field values applied before the flags.
    public var patch: String?
    /// `--if-absent`: an existing record with that key is not an error (it is printed).
    public var ifAbsent = false
    /// `--select a,b,c.d`; nil means the default selection.
    public var select: [String]?
    /// `--next FIELD`: number the record one past the largest FIELD of its parent (a sequence).
    public var next: String?
    /// `--key FIELD=VALUE` (with `--next`): the sequence's parent, its key's partition key.
    public var parent: [FieldAssignment] = []
    /// `--start N` (with `--next`): the number of an empty parent's first record; nil means 1.
    public var start: Int?

    public init(model: String) {
        self.model = model
    }
}
