import GQLPatchSupport

/// Where a run's SigV4 credentials come from, for `CredentialCache`: the AWS credential chain, or a
/// Cognito identity pool. `resolve()` is called again whenever the cached credentials near expiry.
public protocol CredentialSource: Sendable {
    /// Fetches credentials (again).
    func resolve() async throws(GQLPatchError) -> ResolvedCredentials
    /// Seconds since 1970, by the source's clock (a fake one in tests).
    func currentTime() -> Int
}

extension AWSCredentialChain: CredentialSource {
    public func currentTime() -> Int { now() }
}
