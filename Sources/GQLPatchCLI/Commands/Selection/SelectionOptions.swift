/// The records a bulk `update`, `delete` or `touch` writes instead of one key's: picked as `list`
/// picks them (`--where`, `--filter`, `--index`, `--limit`) or `--all`, confirmed (the global `--yes`), and
/// written as `apply` writes its lines (`-j`, `--rate`, `--journal`, `--resume`, ...).
public struct SelectionOptions: Sendable {
    /// `--where`, `--filter`, `--index` and `--limit`, as `list` reads them.
    public var list = ListOptions(model: "")
    /// `--all`: every record of the model.
    public var all = false
    /// `-j`, `--rate`, `--journal`, `--resume`, `--max-attempts`, `--continue-on-error`, as `apply` reads them.
    public var run = ApplyOptions()

    public init() {}

    /// Whether records are picked by a selection rather than by a key.
    public var isGiven: Bool { all || !list.conditions.isEmpty || list.filter != nil }

    /// Whether an option that only a selection takes was given.
    var onlyForSelection: Bool {
        list.index != nil || list.limit != nil || list.pageSize != nil || run.journal != nil || run.resume
            || run.concurrency != ApplyOptions().concurrency || run.rate != nil || run.adaptiveRate
            || run.maxAttempts != ApplyOptions.defaultMaxAttempts || run.continueOnError
    }
}
