import GQLPatchSupport

/// Where a guest identity's id is kept between runs (the CLI's cache file), or nowhere. Each `GetId`
/// without `Logins` makes a new identity in the pool, so a tool run many times a day would fill the
/// pool with identities used once; Amplify's libraries keep the id on the device for the same reason.
public protocol IdentityIDStore: Sendable {
    /// The kept id; nil when there is none (or it could not be used, which the store words).
    func load() throws(GQLPatchError) -> String?
    func save(_ identityID: String) throws(GQLPatchError)
    /// Forgets it (the pool no longer knows it); whether there was anything to forget.
    func delete() throws(GQLPatchError) -> Bool
}
