/// Writes client frames. Every frame is masked, as a client's must be (the mask keeps a hostile page's
/// bytes from looking like plain HTTP to a proxy in between), with a fresh key from `maskingKey`,
/// injected so that tests can fix it. Lengths take the shortest of the three encodings.
package struct WebSocketFrameEncoder: Sendable {
    /// Returns the 4-byte key of the next frame; a key of any other length is a programming error.
    package var maskingKey: @Sendable () -> [UInt8]

    /// An encoder whose keys come from `maskingKey`; by default, from the system's random source.
    package init(maskingKey: @escaping @Sendable () -> [UInt8] = WebSocketFrameEncoder.randomMaskingKey) {
        self.maskingKey = maskingKey
    }

    /// Four bytes from the system's random source. The key must not be predictable to whoever supplies
    /// the payload, which a seeded generator would not guarantee.
    package static func randomMaskingKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let word = generator.next() as UInt32
        return [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
    }

    /// The bytes of `frame` on the wire, masked with the next key. A control frame that could not be
    /// sent (split, or over 125 bytes) is refused rather than written.
    package func encode(_ frame: WebSocketFrame) throws(WebSocketProblem) -> [UInt8] {
        try Self.encode(frame, maskingKey: maskingKey())
    }

    /// The bytes of `frame` on the wire, masked with `maskingKey` (4 bytes).
    package static func encode(_ frame: WebSocketFrame, maskingKey: [UInt8]) throws(WebSocketProblem) -> [UInt8] {
        precondition(maskingKey.count == 4, "a WebSocket masking key has 4 bytes")
        if frame.opcode.isControl {
            guard frame.fin else { throw .fragmentedControlFrame }
            guard frame.payload.count <= 125 else { throw .controlFrameTooLong }
        }
        let count = frame.payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(14 + count)
        bytes.append((frame.fin ? 0x80 : 0) | frame.opcode.rawValue)
        switch count {
        case 0...125:
            bytes.append(0x80 | UInt8(count))
        case 126...0xFFFF:
            bytes.append(0x80 | 126)
            bytes.append(UInt8(truncatingIfNeeded: count >> 8))
            bytes.append(UInt8(truncatingIfNeeded: count))
        default:
            bytes.append(0x80 | 127)
            let length = UInt64(count)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        bytes.append(contentsOf: maskingKey)
        for (index, byte) in frame.payload.enumerated() {
            bytes.append(byte ^ maskingKey[index & 3])
        }
        return bytes
    }
}
