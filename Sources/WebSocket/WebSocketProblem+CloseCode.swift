extension WebSocketProblem {
    /// The code to send in the client's close frame before dropping the connection over this problem;
    /// nil for the handshake's problems, raised before there is a WebSocket connection to close.
    package var closeCode: WebSocketCloseCode? {
        switch self {
        case .frameTooLarge, .messageTooLarge:
            .messageTooBig
        case .invalidUTF8:
            .invalidPayload
        case .invalidPayloadLength, .maskedServerFrame, .reservedBitsSet, .unknownOpcode, .fragmentedControlFrame,
            .controlFrameTooLong, .continuationWithoutStart, .newMessageBeforeEnd, .invalidCloseCode, .badCloseFrame,
            .frameAfterClose:
            .protocolError
        case .invalidRequestField, .reservedRequestHeader, .handshakeStatus, .handshakeMissingUpgrade,
            .handshakeMissingConnectionUpgrade, .handshakeBadAccept, .handshakeSubprotocol, .handshakeExtension:
            nil
        }
    }
}
