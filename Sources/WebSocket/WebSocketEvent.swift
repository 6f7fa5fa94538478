/// What the server sent, once frames are put together: a whole message or a control frame.
package enum WebSocketEvent: Sendable, Hashable {
    /// A whole text message, checked to be UTF-8.
    case text(String)
    /// A whole binary message.
    case binary([UInt8])
    /// A ping: the client owes a pong with the same bytes.
    case ping([UInt8])
    /// A pong, asked for or not.
    case pong([UInt8])
    /// The server's close frame: its code (nil when it sent none) and its reason ("" when none). The
    /// client answers with a close frame of its own and then nothing more.
    case close(code: UInt16?, reason: String)
}
