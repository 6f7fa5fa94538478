import WebSocket

/// What a WebSocket's receive brought.
package enum WebSocketReceived: Sendable, Equatable {
    case event(WebSocketEvent)
    /// Nothing by the deadline (the connection is still open).
    case timedOut
    /// The server closed the connection without a close frame.
    case closed
}
