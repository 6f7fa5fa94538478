import GQLPatchBatch

/// `gqlpatch import FILE [--mode upsert|create|replace] [--map-owner OLD=NEW]... [--owner VALUE]` and
/// `apply`'s run options (`-j`, `--rate`, `--journal`, `--resume`, `--max-attempts`,
/// `--continue-on-error`): an export file written into the API, parents first.
public struct ImportOptions: Sendable {
    /// The export file (read twice: checked whole, then sent; so a file, never standard input).
    public var path = ""
    /// `--mode`: how each record is written.
    package var mode = ImportMode.upsert
    /// `--map-owner OLD=NEW`, in the order given.
    public var ownerMap: [String: String] = [:]
    /// `--owner VALUE`: every owner field gets it.
    public var owner: String?
    /// `--drop-field MODEL.FIELD`, per model: fields left out of every line.
    public var dropped: [String: Set<String>] = [:]
    /// The options `import` shares with `apply`, read by `apply`'s own bindings.
    public var run = ApplyOptions()

    public init() {}
}
