import GQLPatchOperations

/// `gqlpatch create <Model> (--set ... | --patch PATH|-)... [--if-absent] [--select ...]`.
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

    public init(model: String) {
        self.model = model
    }
}
