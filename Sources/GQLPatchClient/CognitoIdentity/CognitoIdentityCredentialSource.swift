import AWSSigning
import GQLPatchSupport
import Synchronization

/// Credentials of a Cognito identity pool's identity, for `CredentialCache`: the first `resolve()`
/// takes the id its `store` kept from an earlier run, else asks `GetId` for an identity (and keeps
/// the new id in the store); every later one (a refresh before the credentials expire) asks only
/// `GetCredentialsForIdentity` for that same identity. A kept id the pool refuses or no longer
/// knows is forgotten and replaced by a new `GetId`, once.
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
    private let store: any IdentityIDStore
    /// Whether the kept id came from the store (and may be stale); under `identity`'s lock order.
    private let fromStore = Mutex<Bool>(false)
    /// The identity id (from the store or `GetId`), kept for the run; read and written only under the lock.
    private let identity = Mutex<String?>(nil)
    /// The `GetId` in flight: requests that start together (`apply`) wait for the same one rather than
    /// each making an identity.
    private let pendingID = Mutex<Task<String, any Error>?>(nil)

    /// A guest source (no `Logins`).
    public convenience init(
        guestOf client: CognitoIdentityClient, store: any IdentityIDStore = NoIdentityIDStore(),
        clock: @escaping Clock
    ) {
        self.init(
            client: client, kind: "guest", logins: { () throws(GQLPatchError) in [:] }, store: store, clock: clock)
    }

    /// A source whose requests carry `logins()`; `kind` says whose identity it is (`signed in`).
    public init(
        client: CognitoIdentityClient, kind: String, logins: @escaping LoginsProvider,
        store: any IdentityIDStore = NoIdentityIDStore(), clock: @escaping Clock
    ) {
        self.client = client
        self.kind = kind
        self.logins = logins
        self.store = store
        self.clock = clock
    }

    /// `Cognito identity pool <id> (guest)`.
    public var sourceDescription: String { "Cognito identity pool \(client.identityPoolID) (\(kind))" }

    /// The identity id once `GetId` has answered; nil before.
    public var identityID: String? { identity.withLock { $0 } }

    public func currentTime() -> Int { clock() }

    /// The run's identity id: the kept one, else the store's, else the answer of the one `GetId` in
    /// flight, else a new `GetId` (saved to the store). A failed one is forgotten, so that a later
    /// request asks again.
    private func runIdentityID(logins: [String: String], useStore: Bool) async throws(GQLPatchError) -> String {
        if let known = identityID { return known }
        if useStore, let stored = try store.load() {
            identity.withLock { kept in
                if kept == nil {
                    kept = stored
                    fromStore.withLock { $0 = true }
                }
            }
            return identityID ?? stored
        }
        let client = self.client
        let task = pendingID.withLock { pending in
            if let pending { return pending }
            let started = Task { () async throws -> String in try await client.getID(logins: logins) }
            pending = started
            return started
        }
        let id: String
        do {
            id = try await task.value
        } catch {
            pendingID.withLock { pending in if pending == task { pending = nil } }
            if let known = error as? GQLPatchError { throw known }
            throw GQLPatchError(
                .unavailable, "Cognito GetId for identity pool \(client.identityPoolID) failed: \(error)")
        }
        let isNew = identity.withLock { kept in
            guard kept == nil else { return false }
            kept = id
            return true
        }
        if isNew { try store.save(id) }
        return identityID ?? id
    }

    /// Forgets a kept id the pool refused: the store's copy and the run's, so that the next ask is a `GetId`.
    private func forgetStoredID(_ id: String) throws(GQLPatchError) {
        identity.withLock { kept in if kept == id { kept = nil } }
        fromStore.withLock { $0 = false }
        pendingID.withLock { $0 = nil }
        _ = try store.delete()
    }

    public func resolve() async throws(GQLPatchError) -> ResolvedCredentials {
        let logins = try await self.logins()
        var id = try await runIdentityID(logins: logins, useStore: true)
        let credentials: SigV4Credentials
        let expiration: Int
        do throws(GQLPatchError) {
            (credentials, expiration) = try await client.credentials(identityID: id, logins: logins)
        } catch {
            // A kept id of an earlier run that the pool deleted (ResourceNotFoundException) or no longer
            // lets in as a guest (NotAuthorizedException): a new identity, once.
            guard fromStore.withLock({ $0 }), Self.refusesIdentity(error) else { throw error }
            try forgetStoredID(id)
            id = try await runIdentityID(logins: logins, useStore: false)
            (credentials, expiration) = try await client.credentials(identityID: id, logins: logins)
        }
        return ResolvedCredentials(
            credentials: credentials, source: sourceDescription, expiration: expiration, origin: .server)
    }

    /// Whether `GetCredentialsForIdentity`'s failure may be the identity's own (not the network's or the pool's
    /// throttling), so that a new identity may help.
    private static func refusesIdentity(_ error: GQLPatchError) -> Bool {
        error.code == .unauthorized || error.code == .configuration
    }
}
