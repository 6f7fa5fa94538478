import GQLPatchSupport
import HTTP
import JSON

/// Keeps subscriptions running across broken connections: connects, starts each subscription, and
/// when the connection breaks or falls silent (a reconnectable `RealtimeProblem`) connects again
/// and starts them again, reporting `resumed` so the caller can close the gap (events sent while it
/// was away are not replayed by AppSync). The credentials are made again for every connection, so
/// a signed-in user's tokens are renewed before a reconnect; a refusal of them on an open
/// connection (an expired token) is answered by one reconnect with fresh ones.
///
/// The pauses grow with the failed tries, and the count lives here, across calls of `next`: a try
/// that fails, and a connection that breaks before it was healthy (an event came, or it stayed up
/// `healthyMilliseconds`), each count. An outage is told once when it starts (`note`) and the
/// tries between only when the caller asks for detail (`verbose`).
package final class RealtimeSubscriber: @unchecked Sendable {
    // @unchecked: one task drives it.

    /// One subscription: its id on the connection, its document and variables.
    package struct Subscription: Sendable {
        package var id: String
        package var query: String
        package var variables: JSONObject
        /// Variables the caller's user name fills (a v1 schema's required owner arguments), read
        /// from the token each connection carries.
        package var callerArguments: [String]

        package init(id: String, query: String, variables: JSONObject = JSONObject(), callerArguments: [String] = []) {
            self.id = id
            self.query = query
            self.variables = variables
            self.callerArguments = callerArguments
        }
    }

    /// What `next` hands over.
    package enum Event: Sendable {
        /// An event of subscription `id`: its payload (`{"data": {...}}`).
        case data(id: String, payload: JSONValue)
        /// The subscriptions run again on a new connection after `problem` broke the old one,
        /// `milliseconds` later, on the `tries`th connect.
        case resumed(after: RealtimeProblem, milliseconds: Int64, tries: Int)
    }

    package let endpoint: AWSEndpointURL
    private let graphQL: AWSEndpointURL
    private let authorizer: RequestAuthorizer
    /// Opens the connections: the run's transports' opener (its proxy and certificate authorities
    /// are those of every request).
    private let webSockets: TransportMaker.WebSocketOpener
    private let subscriptions: [Subscription]
    /// How long a connect or an acknowledgement may take.
    private let timeoutMilliseconds: Int64
    /// Told each credential sent (for the run's redaction), the start of an outage (for stderr),
    /// and, when the caller asks for detail, each try.
    private let secrets: @Sendable ([String]) -> Void
    private let note: @Sendable (String) -> Void
    private let verbose: (@Sendable (String) -> Void)?
    private let random: @Sendable () -> Double
    private var connection: RealtimeConnection?

    /// Failed tries since the subscriptions last ran healthy.
    private var failures = 0
    /// No connect before this (`now` milliseconds).
    private var nextTry: Int64 = 0
    /// The problem that began the current outage, when, and the connects tried since.
    private var outage: (problem: RealtimeProblem, since: Int64, tries: Int)?
    /// The credentials were refused on an open connection and renewed: another refusal before a
    /// connection with the new ones was healthy is final (a permanent denial must not loop).
    private var renewedCredentials = false
    /// The token the service refused, to be renewed before the next connect.
    private var rejectedToken: String?
    /// Starts refused as too fast in a row.
    private var rateLimited = 0
    /// Subscriptions the service ended (`complete`) on the current connection.
    private var completed: Set<String> = []

    /// The clock deadlines are given in (milliseconds, monotonic).
    package static var now: Int64 { MonotonicClock.milliseconds }

    /// A connection up this long, or one that delivered an event, was healthy.
    package static let healthyMilliseconds: Int64 = 10_000
    /// How often a start refused as too fast (`LimitExceededError`) is tried.
    package static let rateLimitTries = 6

    package init(
        endpoint: AWSEndpointURL, graphQL: AWSEndpointURL, authorizer: RequestAuthorizer,
        webSockets: @escaping TransportMaker.WebSocketOpener, subscriptions: [Subscription],
        timeoutMilliseconds: Int64, secrets: @escaping @Sendable ([String]) -> Void,
        note: @escaping @Sendable (String) -> Void,
        verbose: (@Sendable (String) -> Void)? = nil,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.endpoint = endpoint
        self.graphQL = graphQL
        self.authorizer = authorizer
        self.webSockets = webSockets
        self.subscriptions = subscriptions
        self.timeoutMilliseconds = timeoutMilliseconds
        self.secrets = secrets
        self.note = note
        self.verbose = verbose
        self.random = random
    }

    /// The pause before the `failures`th retry: the reconnects' backoff (0.5 s doubling to 30 s, each
    /// jittered to 50-100 %).
    package static func pauseMilliseconds(failures: Int, random: Double) -> Int64 {
        Int64(Backoff.reconnects.seconds(beforeRetry: failures, random: random) * 1000)
    }

    /// Makes the first connection by `deadline`: true once the subscriptions run, false when the
    /// deadline came first. A failure of the network itself (no answer at all) is thrown at once,
    /// so a wrong address shows at once; the service's passing refusals are tried again.
    package func connect(until deadline: Int64) async throws(RealtimeProblem) -> Bool {
        while true {
            guard await pauseForNextTry(until: deadline) else { return false }
            do {
                try await open()
                if let outage {
                    self.outage = nil
                    note("connected after \(Self.seconds(Self.now - outage.since)) and \(outage.tries + 1) tries")
                }
                return true
            } catch {
                guard error.reconnects, !error.isTransport, !exhausted(error) else { throw error }
                failed(error, first: true)
            }
        }
    }

    /// The next event by `deadline` (`now` milliseconds), or nil when the deadline came first. A
    /// broken connection is replaced (pausing as the failed tries ask, as far as the deadline
    /// allows); a problem a new connection cannot mend is thrown.
    package func next(until deadline: Int64) async throws(RealtimeProblem) -> Event? {
        while true {
            if let connection {
                let message: RealtimeMessage?
                do throws(RealtimeProblem) {
                    message = try connection.next(until: deadline)
                } catch {
                    try lost(connection, error)
                    continue
                }
                guard let message else { return nil }
                switch message {
                case .data(let id, let payload):
                    if completed.contains(id) {
                        note("an event came for the \(id) subscription after the service ended it; not taken")
                        continue
                    }
                    guard subscriptions.contains(where: { $0.id == id }) else {
                        note("an event came for a subscription never started ('\(id)'); not taken")
                        continue
                    }
                    failures = 0
                    renewedCredentials = false
                    return .data(id: id, payload: payload)
                case .error(_, let errors), .connectionError(let errors):
                    switch RealtimeErrorKind.of(errors) {
                    case .credentials:
                        if renewedCredentials { throw .credentialsRefused(errors: errors) }
                        renewedCredentials = true
                        rejectedToken = connection.token
                        connection.close()
                        self.connection = nil
                        let problem = RealtimeProblem.credentialsRefused(errors: errors)
                        outage = (problem, Self.now, 0)
                        nextTry = Self.now
                        note(
                            "the real-time endpoint refused the credentials on the open connection (\(RealtimeProblem.described(errors))); connecting again with fresh ones"
                        )
                    case .rateLimited:
                        verbose?("the real-time endpoint asks for fewer requests: \(RealtimeProblem.described(errors))")
                    default:
                        throw .subscriptionRefused(errors: errors)
                    }
                case .complete(let id):
                    guard subscriptions.contains(where: { $0.id == id }), !completed.contains(id) else { continue }
                    completed.insert(id)
                    note("the real-time endpoint ended the \(id) subscription")
                    if subscriptions.allSatisfy({ completed.contains($0.id) }) { throw .ended }
                case .startAck, .connectionAck, .keepAlive, .other: continue
                }
                continue
            }
            guard await pauseForNextTry(until: deadline) else { return nil }
            do {
                try await open()
                let (problem, since, tries) = outage ?? (.closed, Self.now, 0)
                outage = nil
                return .resumed(after: problem, milliseconds: Self.now - since, tries: tries + 1)
            } catch {
                guard error.reconnects, !exhausted(error) else { throw error }
                failed(error, first: false)
            }
        }
    }

    /// Stops every subscription and closes the connection.
    package func close() {
        guard let connection else { return }
        for subscription in subscriptions where !completed.contains(subscription.id) {
            connection.stop(id: subscription.id)
        }
        connection.close()
        self.connection = nil
    }

    /// Waits until the next try may be made: false when `deadline` comes first.
    private func pauseForNextTry(until deadline: Int64) async -> Bool {
        let now = Self.now
        if now >= deadline { return false }
        if now < nextTry {
            try? await Task.sleep(for: .milliseconds(min(nextTry, deadline) - now))
            if Self.now < nextTry { return false }
        }
        return true
    }

    /// A connection broke: a problem it cannot mend is thrown; else it is let go and the outage begins.
    private func lost(_ broken: RealtimeConnection, _ error: RealtimeProblem) throws(RealtimeProblem) {
        guard error.reconnects else { throw error }
        connection = nil
        let now = Self.now
        if broken.deliveredEvent || now - broken.openedAt >= Self.healthyMilliseconds {
            failures = 0
            renewedCredentials = false
            nextTry = now
        } else {
            failures += 1
            nextTry = now.adding(milliseconds: Self.pauseMilliseconds(failures: failures, random: random()))
        }
        outage = (error, now, 0)
        note("the real-time connection broke (\(error.summary)); connecting again")
    }

    /// Whether `error` is a refusal as too fast that came `rateLimitTries` times in a row.
    private func exhausted(_ error: RealtimeProblem) -> Bool {
        if case .rateLimited(_, let tries) = error { return tries >= Self.rateLimitTries }
        return false
    }

    /// A connect failed with a problem worth another try.
    private func failed(_ error: RealtimeProblem, first: Bool) {
        failures += 1
        let now = Self.now
        let pause = Self.pauseMilliseconds(failures: failures, random: random())
        nextTry = now.adding(milliseconds: pause)
        if outage == nil {
            outage = (error, now, 0)
            note("cannot \(first ? "connect" : "reconnect") yet (\(error.summary)); trying again with growing pauses")
        }
        outage?.tries += 1
        verbose?("try \(failures) failed (\(error.summary)); the next in \(Self.seconds(pause))")
    }

    /// Connects and starts every subscription. A start refused as too fast is a failed try: the
    /// connection is closed and made again after the pause (as the official iOS client backs off),
    /// `rateLimitTries` times in a row at most.
    private func open() async throws(RealtimeProblem) {
        let connection = try await RealtimeConnection.open(
            endpoint: endpoint, graphQL: graphQL, authorizer: authorizer,
            webSockets: webSockets, timeoutMilliseconds: timeoutMilliseconds,
            rejected: rejectedToken, register: secrets)
        rejectedToken = nil
        if let refused = connection.refusedTimeout {
            verbose?(
                "the connection_ack's connectionTimeoutMs \(refused) is outside \(RealtimeConnection.keepAliveRange.lowerBound)...\(RealtimeConnection.keepAliveRange.upperBound); taking the default \(RealtimeConnection.defaultKeepAliveMilliseconds) ms"
            )
        }
        for subscription in subscriptions {
            var variables = subscription.variables
            if let argument = subscription.callerArguments.first {
                guard let name = connection.token.flatMap(JWTClaims.userName) else {
                    connection.close()
                    throw .noCallerName(subscription: subscription.id, argument: argument)
                }
                for argument in subscription.callerArguments { variables[argument] = .string(name) }
            }
            while true {
                do throws(RealtimeProblem) {
                    try await connection.start(
                        id: subscription.id, query: subscription.query, variables: variables,
                        timeoutMilliseconds: timeoutMilliseconds)
                    break
                } catch {
                    guard case .subscriptionRefused(let errors) = error else {
                        connection.close()
                        throw error
                    }
                    switch RealtimeErrorKind.of(errors) {
                    case .rateLimited:
                        // Tried again on a new connection after the growing pause of a failed try.
                        connection.close()
                        rateLimited += 1
                        throw .rateLimited(errors: errors, tries: rateLimited)
                    case .subscriptionLimit:
                        connection.close()
                        throw .subscriptionLimit(errors: errors)
                    default:
                        connection.close()
                        throw error
                    }
                }
            }
        }
        completed = []
        rateLimited = 0
        self.connection = connection
    }

    /// `1.5 s`.
    private static func seconds(_ milliseconds: Int64) -> String {
        let tenths = milliseconds / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
