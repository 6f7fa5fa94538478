import Synchronization

/// The connections `DirectTransport` keeps open between exchanges, by `scheme://host:port`.
package final class DirectConnectionPool: Sendable {
    private let idle = Mutex<[String: [DirectConnection]]>([:])

    /// The process's one pool.
    package static let shared = DirectConnectionPool()

    /// A kept connection to `key` that is still usable, if there is one (dead ones are dropped).
    package func take(_ key: String) -> DirectConnection? {
        while let connection = idle.withLock({ $0[key]?.popLast() }) {
            if connection.reusable { return connection }
        }
        return nil
    }

    package func keep(_ connection: DirectConnection) {
        idle.withLock { $0[connection.key, default: []].append(connection) }
    }
}
