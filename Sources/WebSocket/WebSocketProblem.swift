/// Why a WebSocket exchange cannot go on, as data: the caller decides the wording (and, through
/// `closeCode`, which close code to send before dropping the connection).
package enum WebSocketProblem: Error, Sendable, Hashable {
    // Frames (WebSocketFrameReader, WebSocketFrameEncoder).

    /// A data frame announced a payload longer than the reader accepts; nothing of it was buffered.
    case frameTooLarge(limit: Int)
    /// A 64-bit payload length had its most significant bit set, which no valid frame has.
    case invalidPayloadLength
    /// The server masked a frame; only clients mask, so this is not a well-behaved server.
    case maskedServerFrame
    /// One of RSV1-RSV3 was set although no extension was negotiated to give it a meaning.
    case reservedBitsSet
    /// An opcode RFC 6455 reserves (3-7, 11-15).
    case unknownOpcode(UInt8)
    /// A close, ping or pong without the FIN bit: control frames cannot be split.
    case fragmentedControlFrame
    /// A close, ping or pong with more than 125 payload bytes.
    case controlFrameTooLong

    // Messages (WebSocketMessageAssembler).

    /// The fragments of one message add up to more than the assembler accepts.
    case messageTooLarge(limit: Int)
    /// A text message or a close reason is not valid UTF-8.
    case invalidUTF8
    /// A continuation frame arrived while no fragmented message was open.
    case continuationWithoutStart
    /// A text or binary frame arrived while a fragmented message was still open.
    case newMessageBeforeEnd
    /// A close frame carried a code that may not appear on the wire (below 1000, 1004-1006,
    /// 1012-2999, 5000 and above).
    case invalidCloseCode(UInt16)
    /// A close frame with a payload of exactly one byte: too short for a code, too long for none.
    case badCloseFrame
    /// A frame arrived after the server's close frame; nothing may follow it.
    case frameAfterClose

    // Opening handshake (WebSocketHandshake).

    /// A request field that cannot be written into an HTTP/1.1 request as given: the host, the target or
    /// the subprotocol itself, or the name of the extra header at fault (never its value, which may be a
    /// secret).
    case invalidRequestField(String)
    /// An extra header that the handshake itself writes (Host, Upgrade, Connection, Sec-WebSocket-*).
    case reservedRequestHeader(String)
    /// The server answered with another status than 101 Switching Protocols.
    case handshakeStatus(Int)
    /// The answer has no `Upgrade: websocket`.
    case handshakeMissingUpgrade
    /// The answer's Connection header does not hold the `upgrade` token.
    case handshakeMissingConnectionUpgrade
    /// Sec-WebSocket-Accept is missing, repeated or not derived from the key sent: the server did not
    /// read this request (a cache or a proxy may have answered).
    case handshakeBadAccept
    /// The server chose a subprotocol that was not offered (its value), or sent the header empty,
    /// repeated or as a list (nil).
    case handshakeSubprotocol(String?)
    /// The server turned on an extension although none was offered (the header's value).
    case handshakeExtension(String)
}
