import WebSocket

extension WebSocketProblem {
    /// The problem for a person: what the server did wrong, without the enumeration's names.
    package var words: String {
        switch self {
        case .frameTooLarge(let limit), .messageTooLarge(let limit):
            "it sent a message over \(limit / 1024) KiB, the most accepted"
        case .invalidPayloadLength: "it sent a frame with an impossible length"
        case .maskedServerFrame: "it sent a masked frame (only clients mask)"
        case .reservedBitsSet: "it sent a frame with reserved bits set"
        case .unknownOpcode(let code): "it sent a frame of unknown kind \(code)"
        case .fragmentedControlFrame: "it split a control frame"
        case .controlFrameTooLong: "it sent a control frame over 125 bytes"
        case .invalidUTF8: "it sent text that is not UTF-8"
        case .continuationWithoutStart, .newMessageBeforeEnd: "it interleaved the pieces of its messages"
        case .invalidCloseCode(let code): "it closed with code \(code), which no server may send"
        case .badCloseFrame: "it sent a malformed close frame"
        case .frameAfterClose: "it went on sending after its close"
        case .invalidRequestField(let field):
            "the handshake cannot carry \(field.hasPrefix("header-") ? "the credentials" : field)"
        case .reservedRequestHeader(let name): "the handshake cannot carry the header \(name)"
        case .handshakeStatus(let status): "it answered the handshake with HTTP \(status)"
        case .handshakeMissingUpgrade, .handshakeMissingConnectionUpgrade:
            "it answered the handshake without upgrading to a WebSocket (a proxy or a plain web server?)"
        case .handshakeBadAccept: "its handshake answer is not for this request (a cache or a proxy answered?)"
        case .handshakeSubprotocol: "it chose a subprotocol that was not offered"
        case .handshakeExtension: "it turned on an extension that was not offered"
        }
    }
}
