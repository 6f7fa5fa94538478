import GQLPatchOperations

/// `gqlpatch call <operation> [--arg NAME=VALUE]... [--select PATHS]`, or `gqlpatch call --list [--json]`.
public struct CallOptions: Sendable {
    /// The query or mutation field to call; nil with `--list`.
    public var operation: String?
    /// `--arg` values in command-line order, typed by the arguments' types.
    public var arguments: [FieldAssignment] = []
    /// `--select a,b.c`: the fields of the return type to print; nil: the default selection.
    public var select: [String]?
    /// `--list`: print each custom operation's signature.
    public var list = false
    /// `--json`: the list as one JSON array.
    public var json = false
    /// `--idempotent`: the operation is safe to send again, so a lost answer or a 5xx is retried.
    public var idempotent = false
    /// `call <operation> --help`: describe the operation from the schema; send nothing.
    public var describe = false

    public init() {}
}
