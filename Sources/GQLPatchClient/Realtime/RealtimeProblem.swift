import GQLPatchSupport
import HTTP
import JSON

/// Why a real-time connection or subscription failed, for the command to word. `reconnects` says
/// whether trying again (a new connection, the subscriptions started again) can help.
package enum RealtimeProblem: Error, Sendable {
    /// No connection could be made, or it broke (TCP, TLS, a read or write).
    case connection(TransportFailure, host: String)
    /// The server closed the connection.
    case closed
    /// No message (not even a keep-alive) came for this many milliseconds.
    case keepAliveMissed(milliseconds: Int64)
    /// The WebSocket layer failed: the handshake's answer, or a frame or message the protocol forbids.
    case protocolViolation(String)
    /// The endpoint refused the connection (`connection_error`, or the handshake's HTTP status).
    case refused(errors: [JSONValue], status: Int?)
    /// The endpoint refused a subscription (`error` for its start).
    case subscriptionRefused(errors: [JSONValue])
    /// An acknowledgement did not come in time.
    case noAcknowledgement(String)
    /// The credentials could not be had (they are worded already).
    case authorization(GQLPatchError)

    /// Whether a new connection may succeed where this one failed.
    package var reconnects: Bool {
        switch self {
        case .connection, .closed, .keepAliveMissed, .noAcknowledgement: true
        case .protocolViolation, .refused, .subscriptionRefused, .authorization: false
        }
    }

    /// What happened, in a few words, without secrets.
    package var summary: String {
        switch self {
        case .connection(let failure, let host): return failure.error(host: host, timeout: 30).message
        case .closed: return "the server closed the connection"
        case .keepAliveMissed(let milliseconds):
            return "no keep-alive for \(milliseconds / 1000) s"
        case .protocolViolation(let detail): return detail
        case .refused(let errors, let status):
            let said = Self.described(errors)
            return "the real-time endpoint refused the connection"
                + (status.map { " (HTTP \($0))" } ?? "") + (said.isEmpty ? "" : ": \(said)")
        case .subscriptionRefused(let errors):
            let said = Self.described(errors)
            return "the real-time endpoint refused the subscription" + (said.isEmpty ? "" : ": \(said)")
        case .noAcknowledgement(let what): return "no \(what) came in time"
        case .authorization(let error): return error.message
        }
    }

    /// `errorType: message; ...` of AppSync's error objects.
    private static func described(_ errors: [JSONValue]) -> String {
        errors.map { error in
            let type = error["errorType"]?.stringValue
            let message = error["message"]?.stringValue
            return [type, message].compactMap { $0 }.joined(separator: ": ")
        }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
