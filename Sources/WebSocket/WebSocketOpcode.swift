/// The kind of a frame: the low four bits of its first byte. Only the six codes RFC 6455 defines are
/// listed; the reader refuses the reserved ones because no extension that would give them meaning is
/// ever negotiated.
package enum WebSocketOpcode: UInt8, Sendable, Hashable {
    /// Carries the next piece of a message started by a text or binary frame.
    case continuation = 0x0
    /// Starts a message whose bytes must be UTF-8.
    case text = 0x1
    /// Starts a message of arbitrary bytes.
    case binary = 0x2
    /// Starts the closing handshake.
    case close = 0x8
    /// Asks the other side to answer with a pong.
    case ping = 0x9
    /// Answers a ping (or is sent unasked, as a heartbeat).
    case pong = 0xA

    /// Control frames (close, ping, pong) may arrive between the fragments of a message, so they must be
    /// short and unfragmented; their codes are the ones with the high bit of the nibble set.
    package var isControl: Bool { rawValue & 0x8 != 0 }
}
