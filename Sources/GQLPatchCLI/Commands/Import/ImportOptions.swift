import GQLPatchBatch

/// `gqlpatch import FILE [--mode upsert|create|replace] [--map-owner OLD=NEW]... [--owner VALUE]` and
/// `apply`'s run options (`-j`, `--rate`, `--journal`, `--resume`, `--max-attempts`,
/// `--continue-on-error`): an export file written into the API, parents first.
public struct ImportOptions: Sendable {
    /// The file (read twice: checked whole, then sent; so a file, never standard input).
    public var path = ""
    /// `--mode`: how each record is written.
    package var mode = ImportMode.upsert
    /// `--map-owner OLD=NEW`, in the order given.
    public var ownerMap: [String: String] = [:]
    /// `--owner VALUE`: every owner field gets it.
    public var owner: String?
    /// `--drop-field MODEL.FIELD`, per model: fields left out of every line.
    public var dropped: [String: Set<String>] = [:]
    /// `--format`; nil: told by the file's name.
    public var format: ImportFormat?
    /// `--model`: the model a CSV or TSV file's rows are.
    public var model: String?
    /// `--columns 'Header=field,...'`: a header renamed to the field it fills.
    public var renames: [String: String] = [:]
    /// `--empty-as-null`: an empty cell is null, not left out.
    public var emptyAsNull = false
    /// The options `import` shares with `apply`, read by `apply`'s own bindings.
    public var run = ApplyOptions()

    public init() {}
}
