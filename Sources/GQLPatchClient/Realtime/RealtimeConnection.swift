import AWSSigning
import CognitoSRP
import FoundationEssentials
import GQLPatchSupport
import HTTP
import JSON
import WebSocket

/// One connection to an API's real-time endpoint, as the AppSync developer guide's "Building a
/// real-time WebSocket client" describes it: the `graphql-ws` subprotocol, `connection_init`
/// answered by `connection_ack` (which says how often a keep-alive comes), then `start` per
/// subscription (its own authorization in `extensions.authorization`), `data` events, `stop`.
/// The connect's authorization travels as a second subprotocol, `header-<base64url>`, as the
/// official JS client sends it since 2024 (amplify-js#13727), not in the URL's query, where
/// proxies and access logs record it. Messages are read one at a time by the task that owns it; a
/// silence longer than the keep-alive interval is a broken connection.
package final class RealtimeConnection: @unchecked Sendable {
    // @unchecked: one task owns it.

    private let socket: any WebSocketChannel
    /// The GraphQL endpoint the authorization is made for (its host signs in, and AWS signs for).
    private let graphQL: AWSEndpointURL
    private let authorizer: RequestAuthorizer
    /// How long the connection may be silent: the acknowledgement's interval.
    package let keepAliveMilliseconds: Int64
    private var lastHeard: Int64
    /// When the connection was acknowledged, and whether an event came on it since: a connection
    /// that breaks before either says it was healthy counts as a failed try.
    package let openedAt: Int64
    package private(set) var deliveredEvent = false
    /// The `connectionTimeoutMs` the acknowledgement gave when it was outside the accepted range
    /// (and the default was taken instead), for the caller to tell when asked for detail.
    package let refusedTimeout: Int?
    /// The token the connect carried in `Authorization` (user pools, OIDC, Lambda), so that a
    /// refusal of it asks the authorizer for a fresh one.
    package let token: String?
    /// Messages read while waiting for an acknowledgement, handed out first by `next`.
    private var pending: [RealtimeMessage] = []
    /// Hands each credential to the run's redaction before it is sent: a server may echo it in
    /// the very answer that refuses it.
    private let register: @Sendable ([String]) -> Void

    /// The most messages kept while waiting for an acknowledgement: a server that floods the wait
    /// is not buffered without end.
    package static let maximumPending = 10_000

    /// The keep-alive interval when the acknowledgement names none (the service's documented default).
    package static let defaultKeepAliveMilliseconds: Int64 = 300_000
    /// The `connectionTimeoutMs` values taken as given: 100 ms to 1 h. Outside it (zero, negative,
    /// or a value no clock can add) the default is used: a server's number never makes the client
    /// spin or overflow.
    package static let keepAliveRange: ClosedRange<Int64> = 100...3_600_000

    /// The keep-alive interval for an acknowledgement's `connectionTimeoutMs`, and whether it was refused.
    package static func keepAlive(announced: Int?) -> (milliseconds: Int64, refused: Bool) {
        guard let announced else { return (defaultKeepAliveMilliseconds, false) }
        guard keepAliveRange.contains(Int64(announced)) else { return (defaultKeepAliveMilliseconds, true) }
        return (Int64(announced), false)
    }
    /// The largest message accepted (AppSync's subscription payloads are at most 240 KB; room for
    /// the envelope).
    package static let maximumMessageBytes = 512 << 10

    private init(
        socket: any WebSocketChannel, graphQL: AWSEndpointURL, authorizer: RequestAuthorizer, announced: Int?,
        token: String?, register: @escaping @Sendable ([String]) -> Void
    ) {
        self.register = register
        self.socket = socket
        self.graphQL = graphQL
        self.authorizer = authorizer
        let (keepAlive, refused) = Self.keepAlive(announced: announced)
        self.keepAliveMilliseconds = keepAlive
        self.refusedTimeout = refused ? announced : nil
        self.token = token
        self.lastHeard = MonotonicClock.milliseconds
        self.openedAt = MonotonicClock.milliseconds
    }

    /// Connects to `endpoint` for the API at `graphQL` and waits for the acknowledgement;
    /// `register` receives every credential before it is sent. `rejected` is a token the service
    /// refused on the last connection: the authorizer renews it first.
    package static func open(
        endpoint: AWSEndpointURL, graphQL: AWSEndpointURL, authorizer: RequestAuthorizer,
        webSockets: TransportMaker.WebSocketOpener, timeoutMilliseconds: Int64,
        rejected: String? = nil,
        register: @escaping @Sendable ([String]) -> Void
    ) async throws(RealtimeProblem) -> RealtimeConnection {
        let (header, secrets) = try await authorization(
            authorizer, graphQL: graphQL, path: "/graphql/connect", body: "{}", rejected: rejected)
        register(secrets)
        let headerText = JSONValue.object(header).serialized()
        var url = endpoint
        url.query = ""
        let deadline = MonotonicClock.milliseconds.adding(milliseconds: timeoutMilliseconds)
        let socket: any WebSocketChannel
        do {
            socket = try webSockets(
                WebSocketRequest(
                    url: url, subprotocols: ["graphql-ws", RealtimeEndpoint.headerSubprotocol(headerText)],
                    maximumMessageBytes: maximumMessageBytes, deadline: deadline))
        } catch {
            throw problem(error, host: endpoint.hostHeader)
        }
        do {
            try socket.send(text: #"{"type":"connection_init"}"#, deadline: deadline)
        } catch {
            throw problem(error, host: endpoint.hostHeader)
        }
        var early: [RealtimeMessage] = []
        let token = header["Authorization"]?.stringValue
        while true {
            let message = try read(socket, host: endpoint.hostHeader, deadline: deadline, what: "connection_ack")
            switch message {
            case .connectionAck(let timeout):
                let connection = RealtimeConnection(
                    socket: socket, graphQL: graphQL, authorizer: authorizer, announced: timeout, token: token,
                    register: register)
                connection.pending = early
                return connection
            case .connectionError(let errors):
                throw .refused(errors: errors, status: nil)
            case .error(nil, let errors):
                throw .refused(errors: errors, status: nil)
            default:
                guard early.count < maximumPending else {
                    throw .protocolViolation(
                        "the real-time endpoint sent \(maximumPending) messages before its connection_ack")
                }
                early.append(message)
            }
        }
    }

    /// Starts subscription `id` (`query` with `variables`) and waits for its acknowledgement; events
    /// of other subscriptions that come meanwhile are kept for `next`.
    package func start(id: String, query: String, variables: JSONObject, timeoutMilliseconds: Int64)
        async throws(RealtimeProblem)
    {
        let data = JSONValue.object(JSONObject([("query", .string(query)), ("variables", .object(variables))]))
            .serialized()
        let (authorization, secrets) = try await Self.authorization(
            authorizer, graphQL: graphQL, path: "/graphql", body: data)
        register(secrets)
        let start = JSONValue.object(
            JSONObject([
                ("id", .string(id)), ("type", .string("start")),
                (
                    "payload",
                    .object(
                        JSONObject([
                            ("data", .string(data)),
                            ("extensions", .object(JSONObject([("authorization", .object(authorization))]))),
                        ]))
                ),
            ]))
        let deadline = MonotonicClock.milliseconds.adding(milliseconds: timeoutMilliseconds)
        do {
            try socket.send(text: start.serialized(), deadline: deadline)
        } catch {
            throw Self.problem(error, host: graphQL.hostHeader)
        }
        while true {
            let message = try Self.read(socket, host: graphQL.hostHeader, deadline: deadline, what: "start_ack")
            lastHeard = MonotonicClock.milliseconds
            switch message {
            case .startAck(let acked) where acked == id: return
            case .error(let failed, let errors) where failed == id || failed == nil:
                throw .subscriptionRefused(errors: errors)
            case .keepAlive: continue
            default:
                guard pending.count < Self.maximumPending else {
                    throw .protocolViolation(
                        "the real-time endpoint sent \(Self.maximumPending) messages before its start_ack")
                }
                pending.append(message)
            }
        }
    }

    /// The next message by `deadline` (keep-alives are taken here, not returned); nil when the
    /// deadline passed first. Throws when the connection broke or fell silent past its keep-alive.
    package func next(until deadline: Int64) throws(RealtimeProblem) -> RealtimeMessage? {
        if !pending.isEmpty { return pending.removeFirst() }
        while true {
            let now = MonotonicClock.milliseconds
            let silentUntil = lastHeard.adding(milliseconds: keepAliveMilliseconds)
            if now >= silentUntil { throw .keepAliveMissed(milliseconds: keepAliveMilliseconds) }
            if now >= deadline { return nil }
            let received: WebSocketReceived
            do {
                received = try socket.receive(deadline: min(deadline, silentUntil))
            } catch {
                throw Self.problem(error, host: graphQL.hostHeader)
            }
            switch received {
            case .timedOut: continue
            case .closed: throw .closed
            case .event(let event):
                lastHeard = MonotonicClock.milliseconds
                switch event {
                case .text(let text):
                    guard let message = RealtimeMessage.decode(text) else {
                        throw .protocolViolation("the real-time endpoint sent a message that is not AppSync's")
                    }
                    if message == .keepAlive { continue }
                    if case .data = message { deliveredEvent = true }
                    return message
                case .close: throw .closed
                case .binary, .ping, .pong: continue
                }
            }
        }
    }

    /// Ends subscription `id` (the server answers `complete`).
    package func stop(id: String) {
        let stop = JSONValue.object(JSONObject([("id", .string(id)), ("type", .string("stop"))]))
        try? socket.send(text: stop.serialized(), deadline: MonotonicClock.milliseconds.adding(milliseconds: 1000))
    }

    /// Closes the connection cleanly.
    package func close() {
        socket.close(.normal, deadline: MonotonicClock.milliseconds.adding(milliseconds: 1000))
    }

    /// One message by `deadline`, for the waits of `open` and `start`.
    private static func read(_ socket: any WebSocketChannel, host: String, deadline: Int64, what: String)
        throws(RealtimeProblem) -> RealtimeMessage
    {
        while true {
            let received: WebSocketReceived
            do {
                received = try socket.receive(deadline: deadline)
            } catch {
                throw problem(error, host: host)
            }
            switch received {
            case .timedOut: throw .noAcknowledgement(what)
            case .closed: throw .closed
            case .event(.text(let text)):
                guard let message = RealtimeMessage.decode(text) else {
                    throw .protocolViolation("the real-time endpoint sent a message that is not AppSync's")
                }
                return message
            case .event(.close): throw .closed
            case .event: continue
            }
        }
    }

    /// The authorization object AppSync reads for a connect (`path` `/graphql/connect`, body `{}`)
    /// or a start (`/graphql`, the start's data): `host` and the headers the run's authorizer adds
    /// to a POST of `body` there (for IAM, the signed headers, the content headers among them).
    package static func authorization(
        _ authorizer: RequestAuthorizer, graphQL: AWSEndpointURL, path: String, body: String, rejected: String? = nil
    ) async throws(RealtimeProblem) -> (JSONObject, [String]) {
        var request = HTTPRequest(url: graphQL.url(withPath: path), body: Array(body.utf8))
        var signsContent = false
        if case .iam = authorizer {
            signsContent = true
            request.headers = [
                HeaderField(name: "accept", value: "application/json, text/javascript"),
                HeaderField(name: "content-encoding", value: "amz-1.0"),
                HeaderField(name: "content-type", value: "application/json; charset=UTF-8"),
            ]
        }
        do {
            try await authorizer.authorize(&request, rejected: rejected)
        } catch {
            throw .authorization(error)
        }
        var object = JSONObject([("host", .string(graphQL.hostHeader))])
        for header in request.headers where header.name.lowercased() != "host" {
            if !signsContent, ["accept", "content-encoding", "content-type"].contains(header.name.lowercased()) {
                continue
            }
            object[header.name] = .string(header.value)
        }
        return (object, request.secrets)
    }

    private static func problem(_ failure: WebSocketFailure, host: String) -> RealtimeProblem {
        switch failure {
        case .transport(let failure): return .connection(failure, host: host)
        case .proxy(let proxy, let failure): return .connection(failure, host: "the proxy \(proxy)")
        case .badHandshake(let detail): return .protocolViolation("the real-time handshake failed: \(detail)")
        case .protocolError(.handshakeStatus(let status)) where status == 401 || status == 403:
            return .refused(errors: [], status: status)
        case .protocolError(.handshakeStatus(let status)): return .handshakeStatus(status)
        case .protocolError(let problem): return .webSocket(problem)
        }
    }
}
