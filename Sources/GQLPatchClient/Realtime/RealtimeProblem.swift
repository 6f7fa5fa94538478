import GQLPatchSupport
import HTTP
import JSON
import WebSocket

/// Why a real-time connection or subscription failed, for the command to word. `reconnects` says
/// whether trying again (a new connection, the subscriptions started again) can help.
package enum RealtimeProblem: Error, Sendable {
    /// No connection could be made, or it broke (TCP, TLS, a read or write).
    case connection(TransportFailure, host: String)
    /// The server closed the connection.
    case closed
    /// No message (not even a keep-alive) came for this many milliseconds.
    case keepAliveMissed(milliseconds: Int64)
    /// The WebSocket layer failed: a frame or message the protocol forbids.
    case webSocket(WebSocketProblem)
    /// Something else outside the protocol (a message that is not AppSync's, a flood before an
    /// acknowledgement, an answer to the handshake that is not HTTP).
    case protocolViolation(String)
    /// The handshake was answered with another status than 101 (not 401 or 403: those are `refused`).
    case handshakeStatus(Int)
    /// The endpoint refused the connection (`connection_error`, or the handshake's 401 or 403).
    case refused(errors: [JSONValue], status: Int?)
    /// The endpoint refused a subscription (`error` for its start), for a reason no retry mends.
    case subscriptionRefused(errors: [JSONValue])
    /// Subscriptions were started faster than the service allows, through every try.
    case rateLimited(errors: [JSONValue], tries: Int)
    /// The connection's quota of subscriptions is used up (`MaxSubscriptionsReachedError`).
    case subscriptionLimit(errors: [JSONValue])
    /// The service refused the credentials on an open connection (they expired, or were revoked):
    /// a new connection with fresh credentials may pass once.
    case credentialsRefused(errors: [JSONValue])
    /// The service ended every subscription (`complete` without a `stop`).
    case ended
    /// A subscription takes the caller's name (a v1 owner argument) and the credentials name no user.
    case noCallerName(subscription: String, argument: String)
    /// An acknowledgement did not come in time.
    case noAcknowledgement(String)
    /// The credentials could not be had (they are worded already).
    case authorization(GQLPatchError)

    /// Whether a new connection may succeed where this one failed. A `connection_error` is final
    /// only for a bad request or refused credentials, as amplify-js reads it; any other is the
    /// service's own trouble, retried.
    package var reconnects: Bool {
        switch self {
        case .connection, .closed, .keepAliveMissed, .noAcknowledgement, .credentialsRefused, .rateLimited: true
        case .handshakeStatus(let status): status == 429 || status >= 500
        case .refused(let errors, let status):
            status == nil && ![.credentials, .badRequest].contains(RealtimeErrorKind.of(errors))
        case .webSocket, .protocolViolation, .subscriptionRefused, .subscriptionLimit, .ended, .noCallerName,
            .authorization:
            false
        }
    }

    /// Whether the failure is of the network before anything reached the server (no address, no
    /// connection, no TLS): a first connection failing this way is not retried, so a wrong address
    /// shows at once.
    package var isTransport: Bool {
        if case .connection(let failure, _) = self { return failure.stage == .notSent }
        return false
    }

    /// What happened, in a few words, without secrets.
    package var summary: String {
        switch self {
        case .connection(let failure, let host): return failure.error(host: host, timeout: 30).message
        case .closed: return "the server closed the connection"
        case .keepAliveMissed(let milliseconds):
            return "no keep-alive for \(milliseconds / 1000) s"
        case .webSocket(let problem): return "the real-time connection broke the WebSocket protocol: \(problem.words)"
        case .protocolViolation(let detail): return detail
        case .handshakeStatus(let status):
            return "the real-time endpoint answered the WebSocket handshake with HTTP \(status)"
                + (status == 404 ? " (no real-time endpoint at that address)" : "")
        case .refused(let errors, let status):
            let said = Self.described(errors)
            return "the real-time endpoint refused the connection"
                + (status.map { " (HTTP \($0))" } ?? "") + (said.isEmpty ? "" : ": \(said)")
        case .subscriptionRefused(let errors):
            let said = Self.described(errors)
            return "the real-time endpoint refused the subscription" + (said.isEmpty ? "" : ": \(said)")
        case .rateLimited(let errors, let tries):
            return "the real-time endpoint refused the subscription \(tries) times as too fast: "
                + Self.described(errors)
        case .subscriptionLimit(let errors):
            return "the real-time endpoint refused the subscription: the connection's subscription quota is used up ("
                + Self.described(errors) + ")"
        case .credentialsRefused(let errors):
            return "the real-time endpoint refused the credentials on the open connection, fresh ones too: "
                + Self.described(errors)
        case .ended: return "the real-time endpoint ended every subscription"
        case .noCallerName(let subscription, let argument):
            return
                "the \(subscription) subscription needs the argument \(argument), an owner of an @auth rule: gqlpatch gives the caller's user name, and the credentials name none (sign in to the user pool, or give a token that carries cognito:username or username)"
        case .noAcknowledgement(let what): return "no \(what) came in time"
        case .authorization(let error): return error.message
        }
    }

    /// `errorType: message; ...` of AppSync's error objects.
    package static func described(_ errors: [JSONValue]) -> String {
        errors.map { error in
            let type = error["errorType"]?.stringValue
            let message = error["message"]?.stringValue
            return [type, message].compactMap { $0 }.joined(separator: ": ")
        }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
