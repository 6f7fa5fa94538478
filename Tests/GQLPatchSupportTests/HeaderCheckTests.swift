import Testing

@testable import GQLPatchSupport

/// The byte-level header rule (the transports apply it to every request: `TransportConformanceTests`).
@Suite struct HeaderCheckTests {
    @Test(arguments: [
        ("b\r\nX-Injected: 1", "a carriage return (CR) at byte 2"),
        ("b\nX: 1", "a line feed (LF) at byte 2"),
        ("\r", "a carriage return (CR) at byte 1"),
        ("a\u{0}", "a NUL byte at byte 2"),
        ("a\u{7f}", "a control byte (0x7f) at byte 2"),
        ("é\u{1b}", "a control byte (0x1b) at byte 3"),
    ])
    func controlBytesAreRefused(value: String, problem: String) {
        #expect(HeaderCheck.problem(inValue: value) == problem)
    }

    @Test func crlfIsOneCharacterButTwoBytes() {
        let value = "b\r\nX"
        #expect(
            !value.contains(Character("\r")) && !value.contains(Character("\n")), "why a Character check is not enough")
        #expect(HeaderCheck.problem(inValue: value) != nil)
    }

    @Test(arguments: ["", "da2-abc", "a\tb", "Bearer x.y.z", "café"])
    func legalValuesPass(value: String) {
        #expect(HeaderCheck.problem(inValue: value) == nil)
    }

    @Test(arguments: ["", "X A", "X:A", "X\r\nA", "X\tA", "Ä"])
    func namesMustBeTokens(name: String) {
        #expect(HeaderCheck.problem(inName: name) != nil)
    }
}
