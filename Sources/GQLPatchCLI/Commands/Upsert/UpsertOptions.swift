import GQLPatchOperations

/// `gqlpatch upsert <Model> <key> <change>...`: `update`'s key and changes, creating the record when
/// there is none.
public struct UpsertOptions: Sendable {
    /// The key, the changes and the selection, as `update` takes them (no `--if`, no `--expect-version`).
    public var update: UpdateOptions

    public init(update: UpdateOptions) {
        self.update = update
    }
}
