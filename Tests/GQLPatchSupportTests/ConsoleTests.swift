import GQLPatchTestSupport
import Testing

@testable import GQLPatchSupport

/// A failed write to stdout is remembered and becomes exit 74; later writes are dropped so stdout
/// ends with a whole line; the close at the end is checked too.
@Suite struct ConsoleTests {
    final class Sink: @unchecked Sendable {
        // @unchecked: each test uses its sink from one task.
        var written: [[UInt8]] = []
        var failAfter = Int.max
        var closeFailure: String?
        var closed = 0
    }

    private func console(_ sink: Sink) -> Console {
        Console(
            checkedWriteOut: { bytes in
                guard sink.written.count < sink.failAfter else { return "No space left on device" }
                sink.written.append(bytes)
                return nil
            },
            closeOut: {
                sink.closed += 1
                return sink.closeFailure
            },
            writeErr: { _ in }, stdoutIsTerminal: false)
    }

    @Test func aFailedWriteThrows74AndLaterWritesAreDropped() throws {
        let sink = Sink()
        sink.failAfter = 1
        let console = console(sink)
        try console.write(Array("one\n".utf8))
        #expect(console.outputFailure == nil)
        #expect {
            try console.write(Array("two\n".utf8))
        } throws: { error in
            (error as? GQLPatchError)?.code == .ioError
                && (error as? GQLPatchError)?.message == "cannot write to standard output: No space left on device"
        }
        sink.failAfter = .max
        console.writeOut(Array("three\n".utf8))
        #expect(sink.written == [Array("one\n".utf8)], "nothing is written after a failure")
        #expect(throws: GQLPatchError.self) { try console.checkOutput() }
        #expect(throws: GQLPatchError.self) { try console.finishOutput() }
    }

    @Test func aFailedCloseIsExit74() {
        let sink = Sink()
        sink.closeFailure = "Input/output error"
        let console = console(sink)
        console.writeOut(Array("{}\n".utf8))
        #expect {
            try console.finishOutput()
        } throws: { error in
            (error as? GQLPatchError)?.message == "cannot write to standard output: Input/output error"
        }
        #expect(sink.closed == 1)
    }

    @Test func aConsoleThatCannotFailNeverThrows() throws {
        let console = Console(writeOut: { _ in }, writeErr: { _ in }, stdoutIsTerminal: false)
        try console.write([1, 2, 3])
        try console.finishOutput()
    }
}
