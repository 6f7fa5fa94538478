import Testing
import WebSocket

@Suite struct WebSocketFrameEncoderTests {
    let rfcKey = WebSocketFrameEncoder(maskingKey: { RFC6455Examples.maskingKey })

    /// RFC 6455 §5.7: the single-frame masked text "Hello" with the masking key 37 fa 21 3d.
    @Test func maskedHelloIsTheRFCExample() throws {
        let frame = WebSocketFrame(opcode: .text, payload: RFC6455Examples.hello)
        #expect(try rfcKey.encode(frame) == RFC6455Examples.maskedHello)
        #expect(
            try WebSocketFrameEncoder.encode(frame, maskingKey: RFC6455Examples.maskingKey)
                == RFC6455Examples.maskedHello)
    }

    /// RFC 6455 §5.7: the masked pong answering the ping "Hello".
    @Test func maskedPongIsTheRFCExample() throws {
        let frame = WebSocketFrame(opcode: .pong, payload: RFC6455Examples.hello)
        #expect(try rfcKey.encode(frame) == RFC6455Examples.maskedPong)
    }

    /// RFC 6455 §5.7: 256 bytes take the 16-bit length (7E 01 00), 64 KiB the 64-bit one; the examples
    /// are unmasked, so the client's headers are the same with the mask bit set and the key after them.
    @Test func lengthsTakeTheRFCExamplesEncodings() throws {
        for (count, rfcHeader) in [(256, RFC6455Examples.binary256Header), (65536, RFC6455Examples.binary65536Header)] {
            let payload = RFC6455Examples.pattern(count)
            let bytes = try rfcKey.encode(WebSocketFrame(opcode: .binary, payload: payload))
            var expectedHeader = rfcHeader
            expectedHeader[1] |= 0x80
            #expect(Array(bytes.prefix(rfcHeader.count)) == expectedHeader, "\(count) bytes")
            #expect(Array(bytes[rfcHeader.count..<rfcHeader.count + 4]) == RFC6455Examples.maskingKey)
            #expect(bytes.count == rfcHeader.count + 4 + count)
            #expect(try MaskedFrameDecoder.decode(bytes).frame.payload == payload)
        }
    }

    /// The shortest length encoding at each boundary: 125 and below in the first byte, up to 65535 in 16
    /// bits, beyond in 64.
    @Test func lengthEncodingIsMinimalAtTheBoundaries() throws {
        for (count, headerCount, marker) in [
            (0, 2, 0), (125, 2, 125), (126, 4, 126), (65535, 4, 126), (65536, 10, 127),
        ] {
            let bytes = try rfcKey.encode(WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 1, count: count)))
            #expect(Int(bytes[1] & 0x7F) == marker, "\(count) bytes")
            #expect(bytes.count == headerCount + 4 + count, "\(count) bytes")
        }
    }

    @Test func everyFrameIsMaskedWithTheInjectedKey() throws {
        let encoder = WebSocketFrameEncoder(maskingKey: { [1, 2, 3, 4] })
        for opcode in [WebSocketOpcode.text, .binary, .continuation, .ping, .pong, .close] {
            let bytes = try encoder.encode(WebSocketFrame(opcode: opcode, payload: [0, 0, 0, 0, 0]))
            #expect(bytes[1] & 0x80 != 0, "\(opcode)")
            #expect(Array(bytes[2..<6]) == [1, 2, 3, 4], "\(opcode)")
            #expect(Array(bytes[6...]) == [1, 2, 3, 4, 1], "\(opcode): the payload is XORed with the key")
        }
    }

    @Test func finAndOpcodeGoInTheFirstByte() throws {
        let fragment = try rfcKey.encode(WebSocketFrame(fin: false, opcode: .text, payload: [0x48]))
        #expect(fragment[0] == 0x01)
        let last = try rfcKey.encode(WebSocketFrame(fin: true, opcode: .continuation, payload: [0x48]))
        #expect(last[0] == 0x80)
    }

    @Test func defaultKeysAreFourBytesAndTheFrameDecodes() throws {
        #expect(WebSocketFrameEncoder.randomMaskingKey().count == 4)
        let frame = WebSocketFrame(opcode: .text, payload: RFC6455Examples.hello)
        #expect(try MaskedFrameDecoder.decode(WebSocketFrameEncoder().encode(frame)).frame == frame)
    }

    @Test func controlFramesThatCannotBeSentAreRefused() throws {
        #expect(throws: WebSocketProblem.controlFrameTooLong) {
            try rfcKey.encode(WebSocketFrame(opcode: .ping, payload: [UInt8](repeating: 0, count: 126)))
        }
        #expect(throws: WebSocketProblem.fragmentedControlFrame) {
            try rfcKey.encode(WebSocketFrame(fin: false, opcode: .close, payload: []))
        }
        #expect(
            try rfcKey.encode(WebSocketFrame(opcode: .ping, payload: [UInt8](repeating: 0, count: 125))).count == 131)
    }
}
