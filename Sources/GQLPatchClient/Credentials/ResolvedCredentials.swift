import AWSSigning
import GQLPatchSupport

/// Credentials found by `AWSCredentialChain`, where they came from and when they expire.
public struct ResolvedCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key pair and session token to sign with.
    public var credentials: SigV4Credentials
    /// Where they were found, for people: `environment`, `profile dev in ~/.aws/credentials`,
    /// `web identity`, `container`, `instance metadata (IMDSv2)`, …
    public var source: String
    /// When temporary credentials expire, in seconds since 1970; `nil` for long-term keys.
    public var expiration: Int?
    /// `.server` for credentials a server handed over (STS, container, instance metadata): a value
    /// that cannot be a header is then the server's fault (exit 76), not the configuration's (78).
    public var origin: HeaderOrigin

    /// Makes resolved credentials.
    public init(
        credentials: SigV4Credentials, source: String, expiration: Int? = nil, origin: HeaderOrigin = .configuration
    ) {
        self.credentials = credentials
        self.source = source
        self.expiration = expiration
        self.origin = origin
    }

    /// Refuses credentials whose key id or session token would not be a legal header value (they go
    /// into `Authorization` and `X-Amz-Security-Token`), with the origin's exit code.
    public func checkHeaderValues() throws(GQLPatchError) {
        try HeaderCheck.checkCredential(
            credentials.accessKeyID, what: "the access key id from \(source)", origin: origin)
        if let token = credentials.sessionToken {
            try HeaderCheck.checkCredential(token, what: "the session token from \(source)", origin: origin)
        }
    }

    /// Whether the credentials expire within `window` seconds of `now` (never for long-term keys).
    public func needsRefresh(now: Int, window: Int = CredentialCache.defaultRefreshWindow) -> Bool {
        guard let expiration else { return false }
        return expiration - now <= window
    }

    /// Whether the credentials have expired at `now`.
    public func isExpired(now: Int) -> Bool {
        guard let expiration else { return false }
        return expiration <= now
    }

    /// The redacted access key id, the source and the expiry; never the secret or the token.
    public var description: String {
        var text = "ResolvedCredentials(accessKeyID: \(CredentialRedaction.accessKeyID(credentials.accessKeyID))"
        if credentials.sessionToken != nil { text += ", sessionToken: <redacted>" }
        text += ", source: \(source)"
        if let expiration { text += ", expiration: \(expiration)" }
        return text + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessKeyID": CredentialRedaction.accessKeyID(credentials.accessKeyID),
                "source": source,
                "expiration": expiration as Any,
            ],
            displayStyle: .struct
        )
    }
}
