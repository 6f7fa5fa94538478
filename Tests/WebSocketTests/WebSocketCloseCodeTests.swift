import Testing
import WebSocket

@Suite struct WebSocketCloseCodeTests {
    @Test func namedCodes() {
        let named: [(WebSocketCloseCode, UInt16)] = [
            (.normal, 1000), (.goingAway, 1001), (.protocolError, 1002), (.unsupportedData, 1003),
            (.invalidPayload, 1007), (.policyViolation, 1008), (.messageTooBig, 1009), (.internalError, 1011),
        ]
        for (code, value) in named {
            #expect(code.rawValue == value)
            #expect(WebSocketCloseCode(rawValue: value) == code)
        }
    }

    /// RFC 6455 §7.4: which codes may appear in a close frame.
    @Test func onlyCodesValidOnTheWireExist() {
        let valid = (0...UInt16.max).filter { WebSocketCloseCode(rawValue: $0) != nil }
        #expect(valid == Array(1000...1003) + Array(1007...1011) + Array(3000...4999))
    }

    @Test func payloadIsTheCodeThenTheReason() {
        #expect(WebSocketCloseCode.normal.closePayload() == [0x03, 0xE8])
        #expect(WebSocketCloseCode.goingAway.closePayload(reason: "bye") == [0x03, 0xE9, 0x62, 0x79, 0x65])
        #expect(WebSocketCloseCode(rawValue: 4321)!.closePayload() == [0x10, 0xE1])
        #expect(
            WebSocketCloseCode.normal.closeFrame(reason: "x")
                == WebSocketFrame(opcode: .close, payload: [0x03, 0xE8, 0x78]))
    }

    /// A long reason is cut to fit a control frame (125 bytes), and never inside a character.
    @Test func longReasonsAreCutAtACharacter() throws {
        let ascii = WebSocketCloseCode.normal.closePayload(reason: String(repeating: "a", count: 200))
        #expect(ascii.count == 125)
        let accented = WebSocketCloseCode.normal.closePayload(reason: String(repeating: "\u{E9}", count: 62))
        #expect(accented.count == 2 + 61 * 2)
        let emoji = WebSocketCloseCode.normal.closePayload(reason: "a" + String(repeating: "\u{1F600}", count: 31))
        #expect(emoji.count == 2 + 1 + 30 * 4)
        for payload in [ascii, accented, emoji] {
            var assembler = WebSocketMessageAssembler(maximumMessageBytes: 0)
            guard
                case .close(let code, let reason) = try assembler.receive(
                    WebSocketFrame(opcode: .close, payload: payload))
            else {
                Issue.record("no close event")
                continue
            }
            #expect(code == 1000)
            #expect(reason.utf8.count == payload.count - 2)
        }
    }

    @Test func problemsMapToTheCodeToCloseWith() {
        #expect(WebSocketProblem.frameTooLarge(limit: 1).closeCode == .messageTooBig)
        #expect(WebSocketProblem.messageTooLarge(limit: 1).closeCode == .messageTooBig)
        #expect(WebSocketProblem.invalidUTF8.closeCode == .invalidPayload)
        #expect(WebSocketProblem.maskedServerFrame.closeCode == .protocolError)
        #expect(WebSocketProblem.invalidCloseCode(1005).closeCode == .protocolError)
        #expect(WebSocketProblem.handshakeBadAccept.closeCode == nil)
        #expect(WebSocketProblem.handshakeStatus(200).closeCode == nil)
    }
}
