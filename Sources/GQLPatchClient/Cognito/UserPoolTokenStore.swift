import GQLPatchSupport

/// Where a signed-in user's tokens are kept between runs (the CLI's cache file), or nowhere.
public protocol UserPoolTokenStore: Sendable {
    /// The kept tokens; nil when there are none (or they could not be read, which the store words).
    func load() throws(GQLPatchError) -> UserPoolTokens?
    func save(_ tokens: UserPoolTokens) throws(GQLPatchError)
    /// Forgets them; whether there was anything to forget.
    func delete() throws(GQLPatchError) -> Bool
}

/// `--no-cache`: tokens last for the run only.
public struct NoTokenStore: UserPoolTokenStore {
    public init() {}
    public func load() throws(GQLPatchError) -> UserPoolTokens? { nil }
    public func save(_ tokens: UserPoolTokens) throws(GQLPatchError) {}
    public func delete() throws(GQLPatchError) -> Bool { false }
}
