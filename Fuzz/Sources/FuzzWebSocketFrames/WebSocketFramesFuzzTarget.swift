@testable import WebSocket

/// Reads arbitrary bytes as a server's WebSocket stream, with small limits: the first byte chooses the
/// piece size (1-16 bytes) the stream is cut into, the second the frame payload limit (0-255) and the
/// message limit (up to 4 times it), the rest is the stream. Whatever comes out must hold what the
/// reader and assembler promise: the same frames and refusal whole or in pieces, no data frame over
/// the limit, no control frame over 125 bytes, no message over its limit, only valid close codes;
/// and every frame read must encode (masked) to a frame that unmasks to the same bytes.
enum WebSocketFramesFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let piece = Int(bytes[0] & 0x0F) + 1
        let frameLimit = Int(bytes[1])
        let messageLimit = frameLimit * (Int(bytes[0] >> 4) % 4 + 1)
        let stream = Array(bytes.dropFirst(2))

        let (whole, wholeProblem) = frames(of: [stream[...]], limit: frameLimit)
        let pieces = stride(from: 0, to: stream.count, by: piece).map { stream[$0..<min($0 + piece, stream.count)] }
        let (cut, cutProblem) = frames(of: pieces, limit: frameLimit)
        precondition(whole == cut, "cutting the stream changed the frames")
        precondition(wholeProblem == cutProblem, "cutting the stream changed the refusal")

        var assembler = WebSocketMessageAssembler(maximumMessageBytes: messageLimit)
        for frame in whole {
            if frame.opcode.isControl {
                precondition(frame.fin && frame.payload.count <= 125, "a control frame over the rules was read")
            } else {
                precondition(frame.payload.count <= frameLimit, "a data frame over the limit was read")
            }
            checkEncoding(frame)
            let event: WebSocketEvent?
            do throws(WebSocketProblem) {
                event = try assembler.receive(frame)
            } catch {
                _ = error.closeCode
                break
            }
            switch event {
            case .text(let text): precondition(text.utf8.count <= messageLimit, "a text message over the limit")
            case .binary(let data): precondition(data.count <= messageLimit, "a binary message over the limit")
            case .close(let code, let reason):
                precondition(code.map { WebSocketCloseCode(rawValue: $0) != nil } ?? reason.isEmpty, "a bad close")
            case .ping, .pong, nil: break
            }
        }
    }

    /// The frames a reader with `limit` gives for `pieces` fed one after the other, reading between them,
    /// and the refusal that ended them if any.
    static func frames(of pieces: [ArraySlice<UInt8>], limit: Int) -> ([WebSocketFrame], WebSocketProblem?) {
        var reader = WebSocketFrameReader(maximumPayloadBytes: limit)
        var frames: [WebSocketFrame] = []
        do throws(WebSocketProblem) {
            for piece in pieces {
                reader.feed(piece)
                while let frame = try reader.nextFrame() { frames.append(frame) }
            }
        } catch {
            return (frames, error)
        }
        return (frames, nil)
    }

    /// The client encoding of `frame` carries its first byte, a masked length and the payload XORed with
    /// the key.
    static func checkEncoding(_ frame: WebSocketFrame) {
        let key: [UInt8] = [0xA5, 0x01, 0x7E, 0xFF]
        guard let bytes = try? WebSocketFrameEncoder.encode(frame, maskingKey: key) else {
            preconditionFailure("a frame the reader accepted cannot be encoded")
        }
        precondition(bytes[0] == (frame.fin ? 0x80 : 0) | frame.opcode.rawValue, "first byte changed")
        precondition(bytes[1] & 0x80 != 0, "unmasked client frame")
        let header = frame.payload.count < 126 ? 2 : frame.payload.count <= 0xFFFF ? 4 : 10
        precondition(bytes.count == header + 4 + frame.payload.count, "length encoding not minimal")
        precondition(Array(bytes[header..<header + 4]) == key, "key not where it belongs")
        for (index, byte) in frame.payload.enumerated() {
            precondition(bytes[header + 4 + index] ^ key[index % 4] == byte, "payload not masked with the key")
        }
    }
}
