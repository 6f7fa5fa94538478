/// Turns the server's frames into events: puts fragmented messages back together (answering nothing
/// itself), with control frames allowed between the fragments, and checks what a frame alone cannot
/// show: the order of fragments, the size of the whole message, text and close reasons being UTF-8,
/// close codes being ones that may be sent.
///
/// The first refusal is final, as the reader's is: every later `receive` throws it again. The close
/// frame is final too; any frame after it is refused.
package struct WebSocketMessageAssembler: Sendable {
    /// The largest message accepted, all its fragments together.
    package let maximumMessageBytes: Int

    /// The opcode (text or binary) of the fragmented message being put together, if one is open.
    private var openOpcode: WebSocketOpcode?
    /// The fragments of the open message so far.
    private var fragments: [UInt8] = []
    /// Whether the server's close frame was received.
    private var closed = false
    /// The refusal that ended the exchange.
    private var failure: WebSocketProblem?

    /// An assembler refusing messages longer than `maximumMessageBytes` (at least 0).
    package init(maximumMessageBytes: Int) {
        precondition(maximumMessageBytes >= 0, "a message limit cannot be negative")
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// The event `frame` completes; nil for a fragment that leaves its message open.
    package mutating func receive(_ frame: WebSocketFrame) throws(WebSocketProblem) -> WebSocketEvent? {
        if let failure { throw failure }
        do throws(WebSocketProblem) {
            return try event(for: frame)
        } catch {
            failure = error
            fragments = []
            throw error
        }
    }

    private mutating func event(for frame: WebSocketFrame) throws(WebSocketProblem) -> WebSocketEvent? {
        guard !closed else { throw .frameAfterClose }
        if frame.opcode.isControl {
            // The reader already refuses these; frames may also be made by hand.
            guard frame.fin else { throw .fragmentedControlFrame }
            guard frame.payload.count <= 125 else { throw .controlFrameTooLong }
        }
        switch frame.opcode {
        case .ping:
            return .ping(frame.payload)
        case .pong:
            return .pong(frame.payload)
        case .close:
            closed = true
            return try Self.close(frame.payload)
        case .text, .binary:
            guard openOpcode == nil else { throw .newMessageBeforeEnd }
            guard frame.payload.count <= maximumMessageBytes else {
                throw .messageTooLarge(limit: maximumMessageBytes)
            }
            if frame.fin { return try Self.message(frame.opcode, frame.payload) }
            openOpcode = frame.opcode
            fragments = frame.payload
            return nil
        case .continuation:
            guard let opcode = openOpcode else { throw .continuationWithoutStart }
            guard frame.payload.count <= maximumMessageBytes - fragments.count else {
                throw .messageTooLarge(limit: maximumMessageBytes)
            }
            fragments.append(contentsOf: frame.payload)
            guard frame.fin else { return nil }
            let bytes = fragments
            fragments = []
            openOpcode = nil
            return try Self.message(opcode, bytes)
        }
    }

    /// The event of a whole message.
    private static func message(_ opcode: WebSocketOpcode, _ bytes: [UInt8]) throws(WebSocketProblem)
        -> WebSocketEvent
    {
        guard opcode == .text else { return .binary(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return .text(text)
    }

    /// The event of a close frame: none, or a valid code followed by a UTF-8 reason.
    private static func close(_ payload: [UInt8]) throws(WebSocketProblem) -> WebSocketEvent {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .badCloseFrame }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode(rawValue: code) != nil else { throw .invalidCloseCode(code) }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else { throw .invalidUTF8 }
        return .close(code: code, reason: reason)
    }
}
