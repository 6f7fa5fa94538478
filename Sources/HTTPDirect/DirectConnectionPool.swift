import CNet
import HTTP
import Synchronization

/// The connections `DirectTransport` keeps open between exchanges, by `scheme://host:port`.
package final class DirectConnectionPool: Sendable {
    private let idle = Mutex<[String: [DirectConnection]]>([:])
    /// How long a kept connection may stay idle (`DirectConnection.maximumIdleMilliseconds`; a test's
    /// pool may keep them longer, so that a starved test run does not look like an idle client).
    private let maximumIdleMilliseconds: Int64

    package init(maximumIdleMilliseconds: Int64 = DirectConnection.maximumIdleMilliseconds) {
        self.maximumIdleMilliseconds = maximumIdleMilliseconds
    }

    /// The process's one pool.
    package static let shared = DirectConnectionPool()

    /// A kept connection to `key` that is still usable, if there is one (dead or stale ones are
    /// dropped: closed by the peer, or idle past their limit).
    package func take(_ key: String) -> DirectConnection? {
        while let connection = idle.withLock({ $0[key]?.popLast() }) {
            if connection.usable(now: gqlpatch_net_now_ms()) { return connection }
        }
        return nil
    }

    /// Keeps the connection after `response` for the next request to its host.
    package func keep(_ connection: DirectConnection, after response: HTTPResponse?) {
        connection.keep(after: response, now: gqlpatch_net_now_ms(), maximum: maximumIdleMilliseconds)
        idle.withLock { $0[connection.key, default: []].append(connection) }
    }
}
