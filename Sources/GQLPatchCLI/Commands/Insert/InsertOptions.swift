import GQLPatchOperations

/// `gqlpatch insert <Model> --key PARENT=V --at FIELD=N (--set ... | --patch PATH|-)... [--via-gap]
/// [--journal PATH] [--max-attempts N]`, or `gqlpatch insert --resume JOURNAL`: a new row at number N
/// of a sequence, the rows from N on moved up by one first.
public struct InsertOptions: Sendable {
    /// The model; nil with `--resume` (the plan beside the journal names it).
    public var model: String?
    /// `--key F=V`: the parent (the sequence key's partition key).
    public var parent: [FieldAssignment] = []
    /// `--at FIELD=N`: the ordering field and the new row's number.
    public var field = ""
    public var position = 0
    /// `--set` values of the new row, in command-line order.
    public var values: [FieldAssignment] = []
    /// `--patch PATH|-`: a JSON object of the new row's values, applied before the flags.
    public var patch: String?
    /// `--via-gap`: the new row and the moved rows take numbers above the largest ever used.
    public var viaGap = false
    /// `--journal`, `--resume`, `--max-attempts`.
    public var run = SequenceRunOptions()

    public init() {}
}
