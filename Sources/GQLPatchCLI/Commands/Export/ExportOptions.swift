import GQLPatchOperations

/// `gqlpatch export [<Model>...] [--where F=V]... [-o FILE] [--include-deleted] [--include-timestamps]
/// [--concurrency N] [--state FILE]`.
public struct ExportOptions: Sendable {
    /// The models named; empty: every model the API can list.
    public var models: [String] = []
    /// `--where FIELD=VALUE` (and list's other forms), AND-ed, on every model exported.
    public var conditions: [FieldTest] = []
    /// `-o FILE`: where the lines go; nil: standard output.
    public var output: String?
    /// `--include-deleted`: soft-deleted records too.
    public var includeDeleted = false
    /// `--include-timestamps`: `createdAt`/`updatedAt` too, where the API takes them in a write.
    public var includeTimestamps = false
    /// `--concurrency N`: models read at once.
    public var concurrency = ExportOptions.defaultConcurrency
    /// `--page-size N`: the `limit` argument of each request.
    public var pageSize: Int?
    /// `--state FILE`: progress kept for a resumed run.
    public var state: String?
    /// `--mask Model.field[=KIND]`: fields whose values are replaced (`RecordMasker`).
    public var masks: [FieldMask] = []
    /// `--mask-key KEY` (else GQLPATCH_MASK_KEY): what makes masks the same across runs.
    public var maskKey: String?

    package static let defaultConcurrency = 4

    public init() {}
}
