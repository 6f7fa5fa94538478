import GQLPatchSupport
import Synchronization

/// Credentials of a Cognito identity pool's identity, for `CredentialCache`: the first `resolve()`
/// asks `GetId` for an identity and keeps its id for the run; every later one (a refresh before the
/// credentials expire) asks only `GetCredentialsForIdentity` for that same identity.
///
/// `logins` is asked on every call: empty for a guest, else `{loginsKey(userPoolID:): ID token}` for
/// a signed-in user, so a sign-in session that renews its ID token hands the current one each time.
public final class CognitoIdentityCredentialSource: CredentialSource {
    /// Gives the `Logins` map for the next request.
    public typealias LoginsProvider = @Sendable () async throws(GQLPatchError) -> [String: String]
    /// Seconds since 1970.
    public typealias Clock = @Sendable () -> Int

    public let client: CognitoIdentityClient
    /// `guest` or `signed in`, for the credentials' source.
    public let kind: String
    private let logins: LoginsProvider
    private let clock: Clock
    /// The identity id from `GetId`, kept for the run; read and written only under the lock.
    private let identity = Mutex<String?>(nil)
    /// The `GetId` in flight: requests that start together (`apply`) wait for the same one rather than
    /// each making an identity.
    private let pendingID = Mutex<Task<String, any Error>?>(nil)

    /// A guest source (no `Logins`).
    public convenience init(guestOf client: CognitoIdentityClient, clock: @escaping Clock) {
        self.init(client: client, kind: "guest", logins: { () throws(GQLPatchError) in [:] }, clock: clock)
    }

    /// A source whose requests carry `logins()`; `kind` says whose identity it is (`signed in`).
    public init(client: CognitoIdentityClient, kind: String, logins: @escaping LoginsProvider, clock: @escaping Clock) {
        self.client = client
        self.kind = kind
        self.logins = logins
        self.clock = clock
    }

    /// `Cognito identity pool <id> (guest)`.
    public var sourceDescription: String { "Cognito identity pool \(client.identityPoolID) (\(kind))" }

    /// The identity id once `GetId` has answered; nil before.
    public var identityID: String? { identity.withLock { $0 } }

    public func currentTime() -> Int { clock() }

    /// The run's identity id: the kept one, else the answer of the one `GetId` in flight, else a new
    /// `GetId`. A failed one is forgotten, so that a later request asks again.
    private func runIdentityID(logins: [String: String]) async throws(GQLPatchError) -> String {
        if let known = identityID { return known }
        let client = self.client
        let task = pendingID.withLock { pending in
            if let pending { return pending }
            let started = Task { () async throws -> String in try await client.getID(logins: logins) }
            pending = started
            return started
        }
        do {
            let id = try await task.value
            identity.withLock { kept in if kept == nil { kept = id } }
            return identityID ?? id
        } catch {
            pendingID.withLock { pending in if pending == task { pending = nil } }
            if let known = error as? GQLPatchError { throw known }
            throw GQLPatchError(
                .unavailable, "Cognito GetId for identity pool \(client.identityPoolID) failed: \(error)")
        }
    }

    public func resolve() async throws(GQLPatchError) -> ResolvedCredentials {
        let logins = try await self.logins()
        let id = try await runIdentityID(logins: logins)
        let (credentials, expiration) = try await client.credentials(identityID: id, logins: logins)
        return ResolvedCredentials(
            credentials: credentials, source: sourceDescription, expiration: expiration, origin: .server)
    }
}
