import GQLPatchSupport
import Synchronization

/// Holds the credentials of one run (from the AWS chain or another `CredentialSource`) and resolves them again when they are within
/// `refreshWindow` seconds of expiring. Shared by concurrent requests (the batch command); two
/// requests that find the credentials stale at once may both resolve, which is harmless.
/// A failed refresh keeps credentials that have not yet expired.
public final class CredentialCache: Sendable {
    /// Refresh credentials that expire within five minutes.
    public static let defaultRefreshWindow = 300

    private let source: any CredentialSource
    private let refreshWindow: Int
    /// The credentials of the last resolution, read and written only under the lock.
    private let current = Mutex<ResolvedCredentials?>(nil)

    /// Makes an empty cache that resolves with `chain`.
    public convenience init(chain: AWSCredentialChain, refreshWindow: Int = CredentialCache.defaultRefreshWindow) {
        self.init(source: chain, refreshWindow: refreshWindow)
    }

    /// Makes an empty cache that resolves with `source`.
    public init(source: any CredentialSource, refreshWindow: Int = CredentialCache.defaultRefreshWindow) {
        self.source = source
        self.refreshWindow = refreshWindow
    }

    /// The cached credentials, resolved first when there are none or they are about to expire.
    public func credentials() async throws(GQLPatchError) -> ResolvedCredentials {
        let now = source.currentTime()
        let cached = current.withLock { $0 }
        if let cached, !cached.needsRefresh(now: now, window: refreshWindow) { return cached }
        let fresh: ResolvedCredentials
        do {
            fresh = try await source.resolve()
        } catch {
            if let cached, !cached.isExpired(now: now) { return cached }
            throw error
        }
        try fresh.checkHeaderValues()
        if fresh.isExpired(now: source.currentTime()) {
            throw .configuration("the credentials from \(fresh.source) have already expired")
        }
        current.withLock { $0 = fresh }
        return fresh
    }
}
