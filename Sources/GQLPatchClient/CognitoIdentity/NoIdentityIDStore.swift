import GQLPatchSupport

/// `--no-cache`, and signed-in identities (the user pool's token names the identity): the id lasts for
/// the run only.
public struct NoIdentityIDStore: IdentityIDStore {
    public init() {}
    public func load() throws(GQLPatchError) -> String? { nil }
    public func save(_ identityID: String) throws(GQLPatchError) {}
    public func delete() throws(GQLPatchError) -> Bool { false }
}
