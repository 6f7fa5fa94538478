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
        let errors = Self.errors(payload: payload, object: object)
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

    /// The error objects of a message as the service sends them: `payload.errors` (or `errors`) as
    /// a list or as one object (the service's rate-limit and subscription-limit frames, recorded in
    /// aws-appsync-realtime-client-ios's `RealtimeConnectionProviderResponse.swift`), or older APIs'
    /// `errorType` directly in `payload`.
    static func errors(payload: JSONValue?, object: JSONObject) -> [JSONValue] {
        for holder in [payload?["errors"], object["errors"]] {
            guard let holder else { continue }
            if let list = holder.arrayValue { return list }
            if holder.objectValue != nil { return [holder] }
        }
        if let payload, payload["errorType"] != nil { return [payload] }
        return []
    }
}
