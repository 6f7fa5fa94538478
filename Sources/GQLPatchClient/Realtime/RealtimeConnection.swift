import AWSSigning
import CognitoSRP
import FoundationEssentials
import GQLPatchSupport
import HTTP
import HTTPDirect
import JSON
import WebSocket

/// One connection to an API's real-time endpoint, as the AppSync developer guide's "Building a
/// real-time WebSocket client" describes it: the `graphql-ws` subprotocol, the authorization as the
/// base64 `header` query parameter, `connection_init` answered by `connection_ack` (which says how
/// often a keep-alive comes), then `start` per subscription (its own authorization in
/// `extensions.authorization`), `data` events, `stop`. Messages are read one at a time by the task
/// that owns it; a silence longer than the keep-alive interval is a broken connection.
package final class RealtimeConnection: @unchecked Sendable {
    // @unchecked: one task owns it.

    private let socket: DirectWebSocket
    /// The GraphQL endpoint the authorization is made for (its host signs in, and AWS signs for).
    private let graphQL: AWSEndpointURL
    private let authorizer: RequestAuthorizer
    /// How long the connection may be silent: the acknowledgement's interval.
    package let keepAliveMilliseconds: Int64
    private var lastHeard: Int64
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
    /// The largest message accepted (AppSync's subscription payloads are at most 240 KB; room for
    /// the envelope).
    package static let maximumMessageBytes = 512 << 10

    private init(
        socket: DirectWebSocket, graphQL: AWSEndpointURL, authorizer: RequestAuthorizer, keepAlive: Int64,
        register: @escaping @Sendable ([String]) -> Void
    ) {
        self.register = register
        self.socket = socket
        self.graphQL = graphQL
        self.authorizer = authorizer
        self.keepAliveMilliseconds = keepAlive
        self.lastHeard = DirectWebSocket.now
    }

    /// Connects to `endpoint` for the API at `graphQL` and waits for the acknowledgement;
    /// `register` receives every credential before it is sent.
    package static func open(
        endpoint: AWSEndpointURL, graphQL: AWSEndpointURL, authorizer: RequestAuthorizer,
        certificateAuthorities: String?, timeoutMilliseconds: Int64,
        register: @escaping @Sendable ([String]) -> Void
    ) async throws(RealtimeProblem) -> RealtimeConnection {
        let (header, secrets) = try await authorization(
            authorizer, graphQL: graphQL, path: "/graphql/connect", body: "{}")
        register(secrets)
        let headerText = JSONValue.object(header).serialized()
        let url = RealtimeEndpoint.connectURL(
            endpoint, header: Base64.encode(Array(headerText.utf8)), payload: Base64.encode(Array("{}".utf8)))
        let deadline = DirectWebSocket.now + timeoutMilliseconds
        let socket: DirectWebSocket
        do {
            socket = try DirectWebSocket.connect(
                url: url, subprotocols: ["graphql-ws"], headers: [], certificateAuthorities: certificateAuthorities,
                maximumMessageBytes: maximumMessageBytes, deadline: deadline)
        } catch {
            throw problem(error, host: endpoint.hostHeader)
        }
        do {
            try socket.send(text: #"{"type":"connection_init"}"#, deadline: deadline)
        } catch {
            throw problem(error, host: endpoint.hostHeader)
        }
        var early: [RealtimeMessage] = []
        while true {
            let message = try read(socket, host: endpoint.hostHeader, deadline: deadline, what: "connection_ack")
            switch message {
            case .connectionAck(let timeout):
                let connection = RealtimeConnection(
                    socket: socket, graphQL: graphQL, authorizer: authorizer,
                    keepAlive: timeout.map(Int64.init) ?? defaultKeepAliveMilliseconds, register: register)
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
        let deadline = DirectWebSocket.now + timeoutMilliseconds
        do {
            try socket.send(text: start.serialized(), deadline: deadline)
        } catch {
            throw Self.problem(error, host: graphQL.hostHeader)
        }
        while true {
            let message = try Self.read(socket, host: graphQL.hostHeader, deadline: deadline, what: "start_ack")
            lastHeard = DirectWebSocket.now
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
            let now = DirectWebSocket.now
            let silentUntil = lastHeard + keepAliveMilliseconds
            if now >= silentUntil { throw .keepAliveMissed(milliseconds: keepAliveMilliseconds) }
            if now >= deadline { return nil }
            let received: DirectWebSocket.Received
            do {
                received = try socket.receive(deadline: min(deadline, silentUntil))
            } catch {
                throw Self.problem(error, host: graphQL.hostHeader)
            }
            switch received {
            case .timedOut: continue
            case .closed: throw .closed
            case .event(let event):
                lastHeard = DirectWebSocket.now
                switch event {
                case .text(let text):
                    guard let message = RealtimeMessage.decode(text) else {
                        throw .protocolViolation("the real-time endpoint sent a message that is not AppSync's")
                    }
                    if message == .keepAlive { continue }
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
        try? socket.send(text: stop.serialized(), deadline: DirectWebSocket.now + 1000)
    }

    /// Closes the connection cleanly.
    package func close() {
        socket.close(.normal, deadline: DirectWebSocket.now + 1000)
    }

    /// One message by `deadline`, for the waits of `open` and `start`.
    private static func read(_ socket: DirectWebSocket, host: String, deadline: Int64, what: String)
        throws(RealtimeProblem) -> RealtimeMessage
    {
        while true {
            let received: DirectWebSocket.Received
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
        _ authorizer: RequestAuthorizer, graphQL: AWSEndpointURL, path: String, body: String
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
            try await authorizer.authorize(&request)
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

    private static func problem(_ failure: DirectWebSocket.Failure, host: String) -> RealtimeProblem {
        switch failure {
        case .transport(let failure): return .connection(failure, host: host)
        case .badHandshake(let detail): return .protocolViolation("the real-time handshake failed: \(detail)")
        case .protocolError(.handshakeStatus(let status)) where status == 401 || status == 403:
            return .refused(errors: [], status: status)
        case .protocolError(let problem): return .protocolViolation("the real-time connection failed: \(problem)")
        }
    }
}
