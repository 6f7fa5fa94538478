import WebSocket

/// The server's side of framing, written independently of the target for the tests: reads one client
/// frame from the start of `bytes`, insists that it is masked and that its length took the shortest
/// encoding, and unmasks it.
struct MaskedFrameDecoder {
    struct Decoded: Equatable {
        var frame: WebSocketFrame
        var maskingKey: [UInt8]
        /// The bytes the frame took.
        var count: Int
    }

    enum Failure: Error, Equatable {
        case short
        case notMasked
        case longerLengthThanNeeded
        case badOpcode
    }

    static func decode(_ bytes: [UInt8]) throws -> Decoded {
        guard bytes.count >= 2 else { throw Failure.short }
        guard bytes[1] & 0x80 != 0 else { throw Failure.notMasked }
        guard let opcode = WebSocketOpcode(rawValue: bytes[0] & 0x0F) else { throw Failure.badOpcode }
        var offset = 2
        var length = Int(bytes[1] & 0x7F)
        if length >= 126 {
            let size = length == 126 ? 2 : 8
            guard bytes.count >= offset + size else { throw Failure.short }
            length = bytes[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) }
            offset += size
            guard length > (size == 2 ? 125 : 0xFFFF) else { throw Failure.longerLengthThanNeeded }
        }
        guard bytes.count >= offset + 4 + length else { throw Failure.short }
        let key = Array(bytes[offset..<offset + 4])
        offset += 4
        let payload = (0..<length).map { bytes[offset + $0] ^ key[$0 % 4] }
        return Decoded(
            frame: WebSocketFrame(fin: bytes[0] & 0x80 != 0, opcode: opcode, payload: payload), maskingKey: key,
            count: offset + length)
    }

    /// The unmasked bytes a server would send for `frame` (shortest length encoding).
    static func serverBytes(_ frame: WebSocketFrame) -> [UInt8] {
        var bytes: [UInt8] = [(frame.fin ? 0x80 : 0) | frame.opcode.rawValue]
        let count = frame.payload.count
        if count < 126 {
            bytes.append(UInt8(count))
        } else if count <= 0xFFFF {
            bytes += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(127)
            bytes += (0..<8).reversed().map { UInt8((count >> ($0 * 8)) & 0xFF) }
        }
        return bytes + frame.payload
    }
}
