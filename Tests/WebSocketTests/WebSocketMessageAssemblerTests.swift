import Testing
import WebSocket

/// The events of `frames`, nil for the fragments that leave a message open.
func assemble(_ frames: [WebSocketFrame], limit: Int = 1 << 20) throws(WebSocketProblem) -> [WebSocketEvent?] {
    var assembler = WebSocketMessageAssembler(maximumMessageBytes: limit)
    var events: [WebSocketEvent?] = []
    for frame in frames { events.append(try assembler.receive(frame)) }
    return events
}

func text(_ string: String, fin: Bool = true, continuation: Bool = false) -> WebSocketFrame {
    WebSocketFrame(fin: fin, opcode: continuation ? .continuation : .text, payload: Array(string.utf8))
}

func close(_ payload: [UInt8]) -> WebSocketFrame {
    WebSocketFrame(opcode: .close, payload: payload)
}

@Suite struct WebSocketMessageAssemblerTests {
    /// RFC 6455 §5.7's examples, read and assembled: the fragmented "Hel" "lo" becomes one message, with
    /// the ping (also §5.7) between its fragments handed over as it comes.
    @Test func rfcExamplesThroughReaderAndAssembler() throws {
        let stream =
            RFC6455Examples.unmaskedHello + RFC6455Examples.fragmentHel + RFC6455Examples.unmaskedPing
            + RFC6455Examples.fragmentLo + RFC6455Examples.binary256Header + RFC6455Examples.pattern(256)
        #expect(
            try assemble(readFrames(stream)) == [
                .text("Hello"), nil, .ping(RFC6455Examples.hello), .text("Hello"),
                .binary(RFC6455Examples.pattern(256)),
            ])
    }

    @Test func controlFramesBetweenFragments() throws {
        let events = try assemble([
            WebSocketFrame(fin: false, opcode: .binary, payload: [1]),
            WebSocketFrame(opcode: .pong, payload: [9]),
            WebSocketFrame(fin: false, opcode: .continuation, payload: [2]),
            WebSocketFrame(opcode: .ping, payload: []),
            WebSocketFrame(fin: true, opcode: .continuation, payload: [3]),
        ])
        #expect(events == [nil, .pong([9]), nil, .ping([]), .binary([1, 2, 3])])
    }

    /// A character split between fragments is whole once they are joined.
    @Test func utf8SplitAcrossFragments() throws {
        let events = try assemble([
            WebSocketFrame(fin: false, opcode: .text, payload: [0x63, 0x61, 0x66, 0xC3]),
            WebSocketFrame(fin: true, opcode: .continuation, payload: [0xA9]),
        ])
        #expect(events == [nil, .text("caf\u{E9}")])
    }

    @Test func invalidUTF8TextIsRefused() throws {
        // A lone continuation byte, a truncated sequence, an overlong '/', a surrogate, beyond U+10FFFF.
        for bytes: [UInt8] in [[0x80], [0x61, 0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(throws: WebSocketProblem.invalidUTF8, "\(bytes)") {
                try assemble([WebSocketFrame(opcode: .text, payload: bytes)])
            }
        }
        #expect(throws: WebSocketProblem.invalidUTF8) {
            try assemble([text("ok", fin: false), WebSocketFrame(opcode: .continuation, payload: [0xFF])])
        }
        // The same bytes in a binary message are nobody's business.
        #expect(try assemble([WebSocketFrame(opcode: .binary, payload: [0xFF])]) == [.binary([0xFF])])
    }

    @Test func continuationWithoutStartIsRefused() {
        #expect(throws: WebSocketProblem.continuationWithoutStart) { try assemble([text("x", continuation: true)]) }
        #expect(throws: WebSocketProblem.continuationWithoutStart) {
            try assemble([text("a", fin: false), text("b", continuation: true), text("c", continuation: true)])
        }
    }

    @Test func newMessageBeforeTheEndIsRefused() {
        #expect(throws: WebSocketProblem.newMessageBeforeEnd) { try assemble([text("a", fin: false), text("b")]) }
        #expect(throws: WebSocketProblem.newMessageBeforeEnd) {
            try assemble([text("a", fin: false), WebSocketFrame(opcode: .binary, payload: [])])
        }
    }

    @Test func messageSizeIsBoundedOverAllFragments() throws {
        #expect(
            try assemble([text("Hel", fin: false), text("lo", continuation: true)], limit: 5) == [nil, .text("Hello")])
        #expect(throws: WebSocketProblem.messageTooLarge(limit: 4)) {
            try assemble([text("Hel", fin: false), text("lo", continuation: true)], limit: 4)
        }
        #expect(throws: WebSocketProblem.messageTooLarge(limit: 4)) { try assemble([text("Hello")], limit: 4) }
        #expect(throws: WebSocketProblem.messageTooLarge(limit: 4)) {
            try assemble([text("Hello", fin: false)], limit: 4)
        }
        // Control frames do not count towards the open message.
        #expect(
            try assemble(
                [
                    text("Hel", fin: false), WebSocketFrame(opcode: .ping, payload: [1, 2, 3]),
                    text("lo", continuation: true),
                ],
                limit: 5) == [nil, .ping([1, 2, 3]), .text("Hello")])
    }

    @Test func closeWithoutPayload() throws {
        #expect(try assemble([close([])]) == [.close(code: nil, reason: "")])
    }

    @Test func closeWithCodeAndReason() throws {
        #expect(try assemble([close([0x03, 0xE8] + Array("bye".utf8))]) == [.close(code: 1000, reason: "bye")])
        #expect(try assemble([close([0x0F, 0xA0])]) == [.close(code: 4000, reason: "")])
    }

    @Test func oneByteCloseIsRefused() {
        #expect(throws: WebSocketProblem.badCloseFrame) { try assemble([close([0x03])]) }
    }

    /// RFC 6455 §7.4: codes valid on the wire are accepted, the others refused.
    @Test func closeCodesAreChecked() throws {
        for code: UInt16 in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999] {
            #expect(try assemble([close([UInt8(code >> 8), UInt8(code & 0xFF)])]) == [.close(code: code, reason: "")])
        }
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1012, 1015, 1016, 2000, 2999, 5000, 65535] {
            #expect(throws: WebSocketProblem.invalidCloseCode(code)) {
                try assemble([close([UInt8(code >> 8), UInt8(code & 0xFF)])])
            }
        }
    }

    @Test func closeReasonMustBeUTF8() {
        #expect(throws: WebSocketProblem.invalidUTF8) { try assemble([close([0x03, 0xE8, 0xC3])]) }
    }

    @Test func nothingAfterClose() {
        #expect(throws: WebSocketProblem.frameAfterClose) { try assemble([close([]), text("late")]) }
        #expect(throws: WebSocketProblem.frameAfterClose) {
            try assemble([close([]), WebSocketFrame(opcode: .ping, payload: [])])
        }
    }

    /// Frames made by hand are held to the reader's rules for control frames.
    @Test func handMadeControlFramesAreChecked() {
        #expect(throws: WebSocketProblem.fragmentedControlFrame) {
            try assemble([WebSocketFrame(fin: false, opcode: .ping, payload: [])])
        }
        #expect(throws: WebSocketProblem.controlFrameTooLong) {
            try assemble([WebSocketFrame(opcode: .pong, payload: [UInt8](repeating: 0, count: 126))])
        }
    }

    @Test func theFirstRefusalStays() throws {
        var assembler = WebSocketMessageAssembler(maximumMessageBytes: 100)
        #expect(throws: WebSocketProblem.continuationWithoutStart) {
            try assembler.receive(text("x", continuation: true))
        }
        #expect(throws: WebSocketProblem.continuationWithoutStart) { try assembler.receive(text("fine")) }
    }
}
