import JSON

/// A message the real-time endpoint sends (AppSync's `graphql-ws` dialect).
package enum RealtimeMessage: Sendable, Equatable {
    /// The connection is accepted; a keep-alive comes at least this often.
    case connectionAck(timeoutMilliseconds: Int?)
    /// The connection is refused.
    case connectionError(errors: [JSONValue])
    /// Keep-alive.
    case keepAlive
    /// A subscription is registered.
    case startAck(id: String)
    /// An event of a subscription: the `payload` (`{"data": {...}}`, maybe `errors`).
    case data(id: String, payload: JSONValue)
    /// A subscription (or, without an id, the connection) failed.
    case error(id: String?, errors: [JSONValue])
    /// A subscription ended (after `stop`).
    case complete(id: String)
    /// A type this client does not know; ignored.
    case other(type: String)

    /// The message of a text frame, or nil when it is not a JSON object with a `type`.
    package static func decode(_ text: String) -> RealtimeMessage? {
        guard let value = try? JSONValue.parse(text), let object = value.objectValue,
            let type = object["type"]?.stringValue
        else { return nil }
        let id = object["id"]?.stringValue
        let payload = object["payload"]
        let errors = payload?["errors"]?.arrayValue ?? object["errors"]?.arrayValue ?? []
        switch type {
        case "connection_ack":
            return .connectionAck(timeoutMilliseconds: payload?["connectionTimeoutMs"]?.intValue)
        case "connection_error": return .connectionError(errors: errors)
        case "ka": return .keepAlive
        case "start_ack":
            guard let id else { return nil }
            return .startAck(id: id)
        case "data":
            guard let id, let payload else { return nil }
            return .data(id: id, payload: payload)
        case "error": return .error(id: id, errors: errors)
        case "complete":
            guard let id else { return nil }
            return .complete(id: id)
        default: return .other(type: type)
        }
    }
}
