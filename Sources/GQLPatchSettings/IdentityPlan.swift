/// `--identity`: which Cognito identity pool `--auth iam` gets its credentials from, whose, and where
/// the pool id came from. Resolved by every run that sends or plans (`--dry-run` says it); nothing in
/// it is a secret or was looked up.
public struct IdentityPlan: Sendable, Equatable {
    public var kind: IdentityKind
    /// `REGION:ID`.
    public var poolID: String
    /// `--identity-pool-id`, `GQLPATCH_IDENTITY_POOL_ID` or `FILE (auth.identity_pool_id)`.
    public var poolSource: String

    package init(kind: IdentityKind, poolID: String, poolSource: String) {
        self.kind = kind
        self.poolID = poolID
        self.poolSource = poolSource
    }

    /// `guest` or `signed-in user`, for messages.
    public var whose: String { kind == .guest ? "guest" : "signed-in user" }
}
