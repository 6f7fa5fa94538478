import TestSupport
import Testing
import WebSocket

extension SplitMix64 {
    /// `count` seeded pseudo-random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// A frame of any kind, its length drawn from all three length encodings (mostly short).
    mutating func frame() -> WebSocketFrame {
        let opcodes: [WebSocketOpcode] = [.continuation, .text, .binary, .close, .ping, .pong]
        let opcode = opcodes[Int(next() % 6)]
        let count: Int
        if opcode.isControl {
            count = Int(next() % 126)
        } else {
            switch next() % 10 {
            case 0: count = 126 + Int(next() % (65536 - 126))
            case 1: count = 65536 + Int(next() % 2000)
            default: count = Int(next() % 126)
            }
        }
        return WebSocketFrame(fin: opcode.isControl || next() % 2 == 0, opcode: opcode, payload: bytes(count))
    }
}

@Suite struct WebSocketRoundTripTests {
    /// Seeded random frames, masked with seeded keys, read back by the test's own server-side decoder:
    /// the same frames, each masked with its key and its length encoded in the fewest bytes.
    @Test func encodedFramesDecodeToThemselves() throws {
        var random = SplitMix64(seed: 0x6455)
        for round in 0..<300 {
            let frame = random.frame()
            let key = random.bytes(4)
            let bytes = try WebSocketFrameEncoder.encode(frame, maskingKey: key)
            let decoded = try MaskedFrameDecoder.decode(bytes)
            #expect(decoded.frame == frame, "round \(round)")
            #expect(decoded.maskingKey == key, "round \(round)")
            #expect(decoded.count == bytes.count, "round \(round)")
        }
    }

    /// Seeded random frames as a server would send them, fed to the reader in seeded random pieces: the
    /// same frames come out, in order, whatever the cuts.
    @Test func readerTakesAnyCutsOfAStream() throws {
        var random = SplitMix64(seed: 0x5_7EA3)
        for round in 0..<20 {
            let frames = (0..<40).map { _ in random.frame() }
            let stream = frames.flatMap(MaskedFrameDecoder.serverBytes)
            var reader = WebSocketFrameReader(maximumPayloadBytes: 70000)
            var read: [WebSocketFrame] = []
            var offset = 0
            while offset < stream.count {
                let piece = Int(random.next() % 3000) + 1
                let end = min(stream.count, offset + piece)
                reader.feed(stream[offset..<end])
                offset = end
                while let frame = try reader.nextFrame() { read.append(frame) }
            }
            #expect(read == frames, "round \(round)")
        }
    }
}
