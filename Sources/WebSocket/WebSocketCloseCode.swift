/// A status code that may travel in a close frame. The initializer refuses the others (the ones kept
/// for local use, such as 1005 "no code" and 1006 "dropped", and the unassigned ranges), so a value of
/// this type can always be sent, and checking a received code is the same test.
package struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable {
    package let rawValue: UInt16

    /// Nil for a code that is not valid on the wire: only 1000-1003, 1007-1011 (the protocol's own) and
    /// 3000-4999 (registered and private ones) are. IANA has since assigned 1012-1014; they are refused
    /// here as the protocol's text leaves them reserved.
    package init?(rawValue: UInt16) {
        switch rawValue {
        case 1000...1003, 1007...1011, 3000...4999: self.rawValue = rawValue
        default: return nil
        }
    }

    private init(known rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The exchange is done.
    package static let normal = WebSocketCloseCode(known: 1000)
    /// The endpoint is leaving: a server shutting down, a client stopping.
    package static let goingAway = WebSocketCloseCode(known: 1001)
    /// The other side broke the protocol.
    package static let protocolError = WebSocketCloseCode(known: 1002)
    /// A kind of message (text or binary) the endpoint does not take.
    package static let unsupportedData = WebSocketCloseCode(known: 1003)
    /// A message's content does not match its kind (text that is not UTF-8).
    package static let invalidPayload = WebSocketCloseCode(known: 1007)
    /// A message broke the endpoint's rules, when no more precise code fits.
    package static let policyViolation = WebSocketCloseCode(known: 1008)
    /// A message is larger than the endpoint takes.
    package static let messageTooBig = WebSocketCloseCode(known: 1009)
    /// The endpoint met a condition of its own that keeps it from going on.
    package static let internalError = WebSocketCloseCode(known: 1011)
}
