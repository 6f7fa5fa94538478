import GQLPatchOperations

/// `gqlpatch update <Model> <key> <change>... [<condition>...]`.
public struct UpdateOptions: Sendable {
    public var model: String
    /// `--id VALUE`: the model's primary key when it is one field.
    public var id: String?
    /// `--key FIELD=VALUE`, one per primary-key field.
    public var keys: [FieldAssignment] = []
    /// `--set` and `--unset`, in command-line order.
    public var changes: [FieldAssignment] = []
    /// `--patch PATH|-`: a JSON object of changes applied before the flags.
    public var patch: String?
    /// `--append`, `--prepend`, `--remove`, `--add`, `--incr`, `--decr`, in command-line order.
    public var edits: [EditRequest] = []
    /// `--unguarded`: write edits of an unversioned record without a guard.
    public var unguarded = false
    /// `--preview`: read the record and print what the update would change; write nothing.
    public var preview = false
    /// `--if FIELD=VALUE`, AND-ed.
    public var conditions: [FieldAssignment] = []
    public var expectVersion: Int?
    /// `--select a,b,c.d`; nil means the default selection.
    public var select: [String]?
    /// `--where`, `--filter`, `--all`, ...: every record picked instead of one key's.
    public var many = SelectionOptions()

    public init(model: String) {
        self.model = model
    }
}
