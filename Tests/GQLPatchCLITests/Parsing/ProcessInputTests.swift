import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// argv and the environment arrive as bytes: what is not UTF-8 is refused (never repaired into
/// U+FFFD), named by position or variable, and shown only escaped.
@Suite struct ProcessInputTests {
    @Test func validArgumentsDecodeAsTheyAre() throws {
        #expect(
            try ProcessArguments.decode([Array("update".utf8), Array("naïve=✓".utf8), []]) == ["update", "naïve=✓", ""])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var shown: String
        var testDescription: String { shown }
    }

    static let bad: [Bad] = [
        Bad(bytes: [0xFE], shown: #""\xFE""#),
        Bad(bytes: Array("HIT".utf8) + [0xFF], shown: #""HIT\xFF""#),
        Bad(bytes: Array("a\"b\\c".utf8) + [0xC3], shown: #""a\"b\\c\xC3""#),
        Bad(bytes: [0x1B, 0x5B, 0x32, 0x4A, 0xFF], shown: #""\x1B[2J\xFF""#),
        Bad(bytes: Array("\u{202E}x".utf8) + [0x80], shown: #""\u{202E}x\x80""#),
        Bad(bytes: [0xED, 0xA0, 0x80], shown: #""\xED\xA0\x80""#),  // an encoded surrogate is not UTF-8
        Bad(bytes: [0xC0, 0xAF], shown: #""\xC0\xAF""#),  // nor an overlong form
    ]

    @Test(arguments: ProcessInputTests.bad)
    func anArgumentThatIsNotUTF8IsRefusedAndShownEscaped(_ bad: Bad) {
        let shown = bad.shown
        #expect {
            _ = try ProcessArguments.decode([Array("get".utf8), bad.bytes])
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == .usage && error.message == "argument 2 is not valid UTF-8: \(shown)"
        }
    }

    @Test func aLongArgumentIsShownShortened() {
        let escaped = ProcessArguments.escaped(Array(repeating: 0x61, count: 1000) + [0xFF], limit: 10)
        #expect(escaped == "\"aaaaaaaaaa...\"")
    }

    @Test func onlyVariablesGqlpatchReadsAreChecked() throws {
        let environment = ProcessEnvironment(raw: [
            Array("GQLPATCH_ENDPOINT=http://127.0.0.1/".utf8),
            Array("LANG_JUNK=".utf8) + [0xFF],
            Array("AWS_PROFILE=".utf8) + [0xFE],
            [0xFF] + Array("=x".utf8),
            Array("no_proxy=".utf8) + [0xC3],
        ])
        #expect(environment.values == ["GQLPATCH_ENDPOINT": "http://127.0.0.1/"])
        #expect(environment.undecodable == ["AWS_PROFILE", "no_proxy"])
        #expect {
            try environment.check()
        } throws: { error in
            (error as? GQLPatchError)?.code == .configuration
                && (error as? GQLPatchError)?.message == "the environment variable AWS_PROFILE is not valid UTF-8"
        }
        try ProcessEnvironment(raw: [Array("HOME=/root".utf8)]).check()
    }

    /// Help and version read no environment: they work whatever it holds.
    @Test func helpWorksWithAnUndecodableEnvironment() async {
        let out = LockedValue<[UInt8]>([])
        let console = Console(
            writeOut: { bytes in out.withValue { $0 += bytes } }, writeErr: { _ in }, stdoutIsTerminal: false)
        let context = RunContext(
            console: console, files: .memory([:]), transport: NoTransport(), workingDirectory: "/")
        let code = await Application.run(
            rawArguments: [Array("--version".utf8)],
            environment: ProcessEnvironment(raw: [Array("HOME=".utf8) + [0xFF]]),
            context: context)
        #expect(code == 0)
        #expect(String(decoding: out.current, as: UTF8.self) == "gqlpatch \(Application.version)\n")
    }
}
