/// Cuts the server's byte stream into frames, as the bytes arrive in whatever pieces the socket gives.
///
/// Each header is checked byte by byte as it comes in, so a frame that may not be read is refused before
/// any of its payload is kept: in particular one announcing more than `maximumPayloadBytes`. The frame
/// being read therefore never holds more than its header (at most 14 bytes) and the larger of that limit
/// and the 125 bytes a control frame may carry. Frames completed by one `feed` wait, already unmasked
/// and cut out, until `nextFrame` hands them over: read them all before feeding the next piece.
///
/// The first refusal is final: the bytes after it cannot be framed, so later `feed`s are ignored and
/// `nextFrame` keeps throwing it, once the frames completed before it were handed over.
package struct WebSocketFrameReader: Sendable {
    /// The largest payload accepted in one text, binary or continuation frame.
    package let maximumPayloadBytes: Int

    /// The header bytes of the frame being read, until the header is complete.
    private var header: [UInt8] = []
    /// How long the header of the frame being read is, once its second byte is known (2 until then).
    private var headerLength = 2
    /// Whether the header is complete and payload bytes are being collected.
    private var readingPayload = false
    /// The announced payload length of the frame being read.
    private var payloadLength = 0
    /// The payload bytes of the frame being read, so far.
    private var payload: [UInt8] = []
    /// Frames complete but not yet handed over, from `nextReady` on.
    private var ready: [WebSocketFrame] = []
    private var nextReady = 0
    /// The refusal that ended reading, thrown once `ready` is empty.
    private var failure: WebSocketProblem?

    /// A reader refusing data frames longer than `maximumPayloadBytes` (at least 0).
    package init(maximumPayloadBytes: Int) {
        precondition(maximumPayloadBytes >= 0, "a payload limit cannot be negative")
        self.maximumPayloadBytes = maximumPayloadBytes
    }

    /// Takes the next bytes read from the connection.
    package mutating func feed(_ bytes: some Collection<UInt8>) {
        var index = bytes.startIndex
        while index != bytes.endIndex && failure == nil {
            if readingPayload {
                let end = bytes.index(index, offsetBy: payloadLength - payload.count, limitedBy: bytes.endIndex)
                payload.append(contentsOf: bytes[index..<(end ?? bytes.endIndex)])
                index = end ?? bytes.endIndex
                if payload.count == payloadLength { finishFrame() }
            } else {
                header.append(bytes[index])
                bytes.formIndex(after: &index)
                do throws(WebSocketProblem) {
                    try checkHeader()
                } catch {
                    failure = error
                    header = []
                }
            }
        }
    }

    /// The next complete frame; nil when more bytes are needed. Throws the refusal that ended reading once
    /// the frames before it are handed over (and on every later call).
    package mutating func nextFrame() throws(WebSocketProblem) -> WebSocketFrame? {
        if nextReady < ready.count {
            let frame = ready[nextReady]
            nextReady += 1
            if nextReady == ready.count {
                ready.removeAll(keepingCapacity: true)
                nextReady = 0
            }
            return frame
        }
        if let failure { throw failure }
        return nil
    }

    /// Checks what the header's bytes so far allow, after each new one; starts the payload once the
    /// header is complete.
    private mutating func checkHeader() throws(WebSocketProblem) {
        switch header.count {
        case 1:
            let first = header[0]
            guard first & 0x70 == 0 else { throw .reservedBitsSet }
            guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else { throw .unknownOpcode(first & 0x0F) }
            guard !opcode.isControl || first & 0x80 != 0 else { throw .fragmentedControlFrame }
            return
        case 2:
            let second = header[1]
            guard second & 0x80 == 0 else { throw .maskedServerFrame }
            let length = second & 0x7F
            if opcode.isControl {
                guard length <= 125 else { throw .controlFrameTooLong }
            }
            switch length {
            case 126: headerLength = 4
            case 127: headerLength = 10
            default:
                headerLength = 2
                try startPayload(length: UInt64(length))
            }
        case headerLength:
            var length: UInt64 = 0
            for byte in header[2...] { length = length << 8 | UInt64(byte) }
            guard length >> 63 == 0 else { throw .invalidPayloadLength }
            try startPayload(length: length)
        default:
            return
        }
    }

    /// The opcode of the frame being read (its first header byte was checked).
    private var opcode: WebSocketOpcode { WebSocketOpcode(rawValue: header[0] & 0x0F)! }

    /// Begins collecting a payload of `length` bytes, refused when longer than the limit.
    private mutating func startPayload(length: UInt64) throws(WebSocketProblem) {
        if !opcode.isControl {
            guard length <= UInt64(maximumPayloadBytes) else { throw .frameTooLarge(limit: maximumPayloadBytes) }
        }
        payloadLength = Int(length)
        readingPayload = true
        if payloadLength == 0 { finishFrame() }
    }

    /// Moves the frame just read to the ready frames and starts on the next header.
    private mutating func finishFrame() {
        ready.append(WebSocketFrame(fin: header[0] & 0x80 != 0, opcode: opcode, payload: payload))
        payload = []
        header.removeAll(keepingCapacity: true)
        headerLength = 2
        payloadLength = 0
        readingPayload = false
    }
}
