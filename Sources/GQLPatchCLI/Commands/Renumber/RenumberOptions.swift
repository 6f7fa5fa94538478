import GQLPatchOperations

/// `gqlpatch renumber <Model> --key PARENT=V --field FIELD [--start N] [--step N] [--journal PATH]
/// [--max-attempts N]`, or `gqlpatch renumber --resume JOURNAL`: the sequence rewritten without gaps.
public struct RenumberOptions: Sendable {
    /// The model; nil with `--resume`.
    public var model: String?
    /// `--key F=V`: the parent.
    public var parent: [FieldAssignment] = []
    /// `--field FIELD`: the ordering field.
    public var field = ""
    /// `--start N`: the first row's number.
    public var start = 1
    /// `--step N`: the difference between neighbours' numbers.
    public var step = 1
    /// `--journal`, `--resume`, `--max-attempts`.
    public var run = SequenceRunOptions()

    public init() {}
}
