import GQLPatchOperations

/// `gqlpatch edit <Model> <key>`: the record's writable fields in an editor, written back guarded.
public struct EditOptions: Sendable {
    public var model: String
    public var key: ChangeSetBuilder.Key
    /// `--unguarded`: write an unversioned record without the `updatedAt` guard.
    public var unguarded = false

    public init(model: String, key: ChangeSetBuilder.Key) {
        self.model = model
        self.key = key
    }
}
