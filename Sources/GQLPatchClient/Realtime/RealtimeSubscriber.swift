import GQLPatchSupport
import HTTP
import HTTPDirect
import JSON

/// Keeps subscriptions running across broken connections: connects, starts each subscription, and
/// when the connection breaks or falls silent (a reconnectable `RealtimeProblem`) connects again
/// after a jittered, growing pause and starts them again, reporting `resumed` so the caller can
/// close the gap (events sent while it was away are not replayed by AppSync). The credentials are
/// made again for every connection, so a signed-in user's tokens are renewed before a reconnect.
package final class RealtimeSubscriber: @unchecked Sendable {
    // @unchecked: one task drives it.

    /// One subscription: its id on the connection, its document and variables.
    package struct Subscription: Sendable {
        package var id: String
        package var query: String
        package var variables: JSONObject

        package init(id: String, query: String, variables: JSONObject = JSONObject()) {
            self.id = id
            self.query = query
            self.variables = variables
        }
    }

    /// What `next` hands over.
    package enum Event: Sendable {
        /// An event of subscription `id`: its payload (`{"data": {...}}`).
        case data(id: String, payload: JSONValue)
        /// The subscriptions run again on a new connection after `problem` broke the old one.
        case resumed(after: RealtimeProblem)
    }

    package let endpoint: AWSEndpointURL
    private let graphQL: AWSEndpointURL
    private let authorizer: RequestAuthorizer
    private let certificateAuthorities: String?
    private let subscriptions: [Subscription]
    /// How long a connect or an acknowledgement may take.
    private let timeoutMilliseconds: Int64
    /// Told each credential sent (for the run's redaction) and each failed reconnect (for stderr).
    private let secrets: @Sendable ([String]) -> Void
    private let note: @Sendable (String) -> Void
    private let random: @Sendable () -> Double
    private var connection: RealtimeConnection?

    /// The clock deadlines are given in (milliseconds, monotonic).
    package static var now: Int64 { DirectWebSocket.now }

    /// The longest pause between reconnects.
    package static let maximumPauseSeconds = 30.0

    package init(
        endpoint: AWSEndpointURL, graphQL: AWSEndpointURL, authorizer: RequestAuthorizer,
        certificateAuthorities: String?, subscriptions: [Subscription], timeoutMilliseconds: Int64,
        secrets: @escaping @Sendable ([String]) -> Void, note: @escaping @Sendable (String) -> Void,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.endpoint = endpoint
        self.graphQL = graphQL
        self.authorizer = authorizer
        self.certificateAuthorities = certificateAuthorities
        self.subscriptions = subscriptions
        self.timeoutMilliseconds = timeoutMilliseconds
        self.secrets = secrets
        self.note = note
        self.random = random
    }

    /// Connects and starts every subscription; a failure here is the caller's to report (nothing ran yet).
    package func connect() async throws(RealtimeProblem) {
        let connection = try await RealtimeConnection.open(
            endpoint: endpoint, graphQL: graphQL, authorizer: authorizer,
            certificateAuthorities: certificateAuthorities, timeoutMilliseconds: timeoutMilliseconds,
            register: secrets)
        for subscription in subscriptions {
            try await connection.start(
                id: subscription.id, query: subscription.query, variables: subscription.variables,
                timeoutMilliseconds: timeoutMilliseconds)
        }
        self.connection = connection
    }

    /// The next event by `deadline` (`DirectWebSocket.now` milliseconds), or nil when the deadline
    /// came first. A broken connection is replaced (pausing as long as the deadline allows); a
    /// problem a new connection cannot mend is thrown.
    package func next(until deadline: Int64) async throws(RealtimeProblem) -> Event? {
        var failures = 0
        var broke: RealtimeProblem?
        while true {
            if let connection {
                do throws(RealtimeProblem) {
                    guard let message = try connection.next(until: deadline) else { return nil }
                    switch message {
                    case .data(let id, let payload): return .data(id: id, payload: payload)
                    case .error(_, let errors), .connectionError(let errors):
                        throw RealtimeProblem.subscriptionRefused(errors: errors)
                    case .complete, .startAck, .connectionAck, .keepAlive, .other: continue
                    }
                } catch {
                    guard error.reconnects else { throw error }
                    self.connection = nil
                    broke = error
                    note("the real-time connection broke (\(error.summary)); connecting again")
                }
            }
            // Reconnect: pause (growing, jittered; none before the first try), then connect.
            if failures > 0 {
                let pause = min(Self.maximumPauseSeconds, 0.5 * Double(1 << min(failures, 6))) * (0.5 + random() / 2)
                let left = Double(deadline - DirectWebSocket.now) / 1000
                if left <= 0 { return nil }
                try? await Task.sleep(for: .milliseconds(Int(min(pause, left) * 1000)))
            }
            if DirectWebSocket.now >= deadline { return nil }
            do {
                try await connect()
                return .resumed(after: broke ?? .closed)
            } catch {
                guard error.reconnects else { throw error }
                failures += 1
                note("cannot reconnect yet (\(error.summary)); trying again")
            }
        }
    }

    /// Stops every subscription and closes the connection.
    package func close() {
        guard let connection else { return }
        for subscription in subscriptions { connection.stop(id: subscription.id) }
        connection.close()
        self.connection = nil
    }
}
