import GQLPatchOperations

/// `gqlpatch touch <Model> (<key> | --where ... | --all)`: records written again, unchanged.
public struct TouchOptions: Sendable {
    public var model: String
    public var key: ChangeSetBuilder.Key
    /// `--where`, `--filter`, `--all`, ...: every record picked instead of one key's.
    public var many = SelectionOptions()

    public init(model: String, key: ChangeSetBuilder.Key) {
        self.model = model
        self.key = key
    }
}
