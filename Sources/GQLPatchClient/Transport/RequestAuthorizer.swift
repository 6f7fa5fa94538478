import FoundationEssentials
import GQLPatchSupport
import HTTP

/// Adds a request's credentials: `x-api-key`, a raw token in `Authorization` (no "Bearer"),
/// a SigV4 signature (service `appsync`), or nothing.
public enum RequestAuthorizer: Sendable {
    /// The key and where it came from (`--api-key`, or the environment or config: see `HeaderOrigin`).
    case apiKey(String, origin: HeaderOrigin = .configuration)
    case token(String, origin: HeaderOrigin = .configuration)
    /// SigV4 with credentials from the AWS chain, resolved on first use and refreshed before they expire.
    case iam(cache: CredentialCache, region: String)
    /// A user signed in to a Cognito user pool by gqlpatch: its ID (or access) token, raw in
    /// `Authorization`, renewed before it expires.
    case userPool(session: UserPoolSession)
    /// A run that sends nothing (`--dry-run`, `schema`): the mode's credentials were not looked up
    /// (no key, token, AWS file, credential process, STS or instance metadata), so nothing here can
    /// authorise a request.
    case notLookedUp(AuthMode)
    case none

    /// The names of the headers `authorize` adds (for `--dry-run`, which shows no values).
    public var headerNames: [String] {
        switch self {
        case .apiKey: return AuthMode.apiKey.headerNames
        case .token, .userPool: return AuthMode.userPool.headerNames
        case .iam: return AuthMode.iam.headerNames
        case .notLookedUp(let mode): return mode.headerNames
        case .none: return []
        }
    }

    /// The secrets known before any request (API key, token). IAM secrets are known only once
    /// resolved; they are never printed either.
    public var secrets: [String] {
        switch self {
        case .apiKey(let key, _): return [key]
        case .token(let token, _): return [token]
        case .iam, .userPool, .notLookedUp, .none: return []
        }
    }

    /// Whether the request carries credentials (which must not travel over plain http to another host).
    public var sendsCredentials: Bool {
        switch self {
        case .none: return false
        case .notLookedUp(let mode): return !mode.headerNames.isEmpty
        default: return true
        }
    }

    /// Whether the credentials were looked up (false only for `notLookedUp`).
    public var lookedUp: Bool {
        if case .notLookedUp = self { return false }
        return true
    }

    /// Adds the credentials to the request. For IAM this may resolve credentials (STS, container,
    /// instance metadata) the first time, and signs with the current time.
    public func authorize(_ request: inout HTTPRequest) async throws(GQLPatchError) {
        try await authorize(&request, rejected: nil)
    }

    /// `authorize`, with a signed-in user's tokens renewed first when `rejected` is the token AppSync
    /// just refused as expired.
    package func authorize(_ request: inout HTTPRequest, rejected: String?) async throws(GQLPatchError) {
        switch self {
        case .apiKey(let key, let origin):
            request.headers.append(HeaderField(name: "x-api-key", value: key, origin: origin))
            request.secrets.append(key)
        case .token(let token, let origin):
            request.headers.append(HeaderField(name: "Authorization", value: token, origin: origin))
            request.secrets.append(token)
        case .iam(let cache, let region):
            let resolved = try await cache.credentials()
            let signer = IAMSigner(resolved, region: region)
            signer.sign(&request, at: Int(Date().timeIntervalSince1970))
            request.secrets += signer.secrets + [resolved.credentials.accessKeyID]
            // The signature too: a server that echoes the authorization would otherwise print a
            // request anyone could replay while it is fresh (about 5 minutes). Scrubbed by its place
            // after `Signature=`, not learnt: each request has its own.
            request.secrets.append(SecretScrubber.signatureMarker)
        case .userPool(let session):
            let tokens = try await session.tokens(rejected: rejected)
            request.headers.append(
                HeaderField(name: "Authorization", value: tokens.token(for: session.use), origin: .server))
            request.secrets += tokens.secrets
        case .notLookedUp:
            // Settings gives this only to a run that sends nothing; a request here is a bug, refused
            // rather than sent without its credentials.
            throw GQLPatchError(
                .configuration, "internal error: a request was about to be sent with no credentials looked up")
        case .none: break
        }
    }
}
