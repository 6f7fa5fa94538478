import Testing
import WebSocket

/// Every frame `bytes` holds, fed at once to a reader with `limit`.
func readFrames(_ bytes: [UInt8], limit: Int = 1 << 20) throws(WebSocketProblem) -> [WebSocketFrame] {
    var reader = WebSocketFrameReader(maximumPayloadBytes: limit)
    reader.feed(bytes)
    var frames: [WebSocketFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
}

@Suite struct WebSocketFrameReaderTests {
    let helloFrame = WebSocketFrame(opcode: .text, payload: RFC6455Examples.hello)

    /// RFC 6455 §5.7: a single-frame unmasked text message.
    @Test func unmaskedHello() throws {
        #expect(try readFrames(RFC6455Examples.unmaskedHello) == [helloFrame])
    }

    /// RFC 6455 §5.7: a fragmented unmasked text message comes out as its two frames.
    @Test func fragmentedHello() throws {
        #expect(
            try readFrames(RFC6455Examples.fragmentHel + RFC6455Examples.fragmentLo) == [
                WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)),
                WebSocketFrame(fin: true, opcode: .continuation, payload: Array("lo".utf8)),
            ])
    }

    /// RFC 6455 §5.7: an unmasked ping.
    @Test func unmaskedPing() throws {
        #expect(
            try readFrames(RFC6455Examples.unmaskedPing) == [
                WebSocketFrame(opcode: .ping, payload: RFC6455Examples.hello)
            ])
    }

    /// RFC 6455 §5.7: 256 bytes with a 16-bit length, 64 KiB with a 64-bit one.
    @Test func binaryWithExtendedLengths() throws {
        let small = RFC6455Examples.pattern(256)
        #expect(
            try readFrames(RFC6455Examples.binary256Header + small) == [WebSocketFrame(opcode: .binary, payload: small)]
        )
        let large = RFC6455Examples.pattern(65536)
        #expect(
            try readFrames(RFC6455Examples.binary65536Header + large, limit: 65536) == [
                WebSocketFrame(opcode: .binary, payload: large)
            ])
    }

    /// All the RFC's unmasked examples in one stream, fed a byte at a time: the same frames, each handed
    /// over on the byte that completes it and nil before.
    @Test func byteByByteGivesTheSameFrames() throws {
        let stream =
            RFC6455Examples.unmaskedHello + RFC6455Examples.fragmentHel + RFC6455Examples.unmaskedPing
            + RFC6455Examples.fragmentLo + RFC6455Examples.binary256Header + RFC6455Examples.pattern(256)
            + RFC6455Examples.binary65536Header + RFC6455Examples.pattern(65536) + [0x88, 0x00]
        let whole = try readFrames(stream, limit: 65536)
        #expect(whole.count == 7)
        var reader = WebSocketFrameReader(maximumPayloadBytes: 65536)
        var frames: [WebSocketFrame] = []
        var completions: [Int] = []
        for (offset, byte) in stream.enumerated() {
            reader.feed([byte])
            while let frame = try reader.nextFrame() {
                frames.append(frame)
                completions.append(offset + 1)
            }
        }
        #expect(frames == whole)
        let ends = [7, 12, 19, 23, 23 + 4 + 256, 23 + 4 + 256 + 10 + 65536, stream.count]
        #expect(completions == ends)
    }

    @Test func partialInputGivesNil() throws {
        var reader = WebSocketFrameReader(maximumPayloadBytes: 100)
        reader.feed(RFC6455Examples.unmaskedHello.prefix(6))
        #expect(try reader.nextFrame() == nil)
        reader.feed(RFC6455Examples.unmaskedHello.suffix(1))
        #expect(try reader.nextFrame() == helloFrame)
        #expect(try reader.nextFrame() == nil)
    }

    @Test func emptyFramesNeedNoPayloadBytes() throws {
        #expect(
            try readFrames([0x88, 0x00, 0x81, 0x00]) == [WebSocketFrame(opcode: .close), WebSocketFrame(opcode: .text)])
    }

    /// RFC 6455 §5.7's masked "Hello" is a client's frame: from a server it is refused.
    @Test func maskedServerFrameIsRefused() {
        #expect(throws: WebSocketProblem.maskedServerFrame) { try readFrames(RFC6455Examples.maskedHello) }
        #expect(throws: WebSocketProblem.maskedServerFrame) { try readFrames(RFC6455Examples.maskedPong) }
    }

    @Test func reservedBitsAreRefused() {
        for first: UInt8 in [0xC1, 0xA1, 0x91, 0xF1] {
            #expect(throws: WebSocketProblem.reservedBitsSet, "\(first)") { try readFrames([first, 0x00]) }
        }
    }

    @Test func unknownOpcodesAreRefused() {
        for opcode: UInt8 in [3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF] {
            #expect(throws: WebSocketProblem.unknownOpcode(opcode)) { try readFrames([0x80 | opcode, 0x00]) }
        }
    }

    @Test func fragmentedControlFramesAreRefused() {
        for opcode: UInt8 in [0x8, 0x9, 0xA] {
            #expect(throws: WebSocketProblem.fragmentedControlFrame) { try readFrames([opcode, 0x00]) }
        }
    }

    @Test func longControlFramesAreRefused() throws {
        #expect(throws: WebSocketProblem.controlFrameTooLong) { try readFrames([0x89, 0x7E, 0x00, 0x7E]) }
        #expect(throws: WebSocketProblem.controlFrameTooLong) { try readFrames([0x8A, 0x7F]) }
        // 125 bytes is the most a control frame holds, whatever the data frames' limit.
        let longest = [0x89, 0x7D] + RFC6455Examples.pattern(125)
        #expect(
            try readFrames(longest, limit: 0) == [WebSocketFrame(opcode: .ping, payload: RFC6455Examples.pattern(125))])
    }

    @Test func sixtyFourBitLengthWithTheTopBitIsRefused() {
        #expect(throws: WebSocketProblem.invalidPayloadLength) {
            try readFrames([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0x01], limit: Int.max)
        }
    }

    /// The header alone is enough to refuse: no payload byte is fed.
    @Test func oversizedFramesAreRefusedOnTheirHeader() throws {
        #expect(throws: WebSocketProblem.frameTooLarge(limit: 65535)) {
            try readFrames(RFC6455Examples.binary65536Header, limit: 65535)
        }
        #expect(throws: WebSocketProblem.frameTooLarge(limit: 255)) {
            try readFrames(RFC6455Examples.binary256Header, limit: 255)
        }
        #expect(throws: WebSocketProblem.frameTooLarge(limit: 4)) {
            try readFrames(Array(RFC6455Examples.unmaskedHello.prefix(2)), limit: 4)
        }
        #expect(throws: WebSocketProblem.frameTooLarge(limit: 1 << 20)) {
            try readFrames([0x02, 0x7F, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00])
        }
        #expect(try readFrames(RFC6455Examples.unmaskedHello, limit: 5) == [helloFrame])
    }

    /// The frames before a refusal are handed over, then the refusal, again on every call; bytes fed
    /// after it are ignored.
    @Test func framesBeforeARefusalComeFirstAndTheRefusalStays() throws {
        var reader = WebSocketFrameReader(maximumPayloadBytes: 100)
        reader.feed(RFC6455Examples.unmaskedHello + [0xC1, 0x00] + RFC6455Examples.unmaskedHello)
        #expect(try reader.nextFrame() == helloFrame)
        #expect(throws: WebSocketProblem.reservedBitsSet) { try reader.nextFrame() }
        reader.feed(RFC6455Examples.unmaskedHello)
        #expect(throws: WebSocketProblem.reservedBitsSet) { try reader.nextFrame() }
    }
}
