extension WebSocketCloseCode {
    /// The most reason bytes a close frame holds: a control frame carries at most 125 bytes, two of them
    /// the code.
    package static let maximumReasonBytes = 123

    /// The payload of a close frame carrying this code and `reason`. A longer reason is cut at the last
    /// whole Unicode scalar that fits rather than refused: the reason only informs, and failing to close
    /// over it would be worse than shortening it.
    package func closePayload(reason: String = "") -> [UInt8] {
        var payload = [UInt8(truncatingIfNeeded: rawValue >> 8), UInt8(truncatingIfNeeded: rawValue)]
        for scalar in reason.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            guard payload.count - 2 + bytes.count <= Self.maximumReasonBytes else { break }
            payload.append(contentsOf: bytes)
        }
        return payload
    }

    /// A close frame carrying this code and `reason` (shortened as `closePayload` does).
    package func closeFrame(reason: String = "") -> WebSocketFrame {
        WebSocketFrame(opcode: .close, payload: closePayload(reason: reason))
    }
}
