import GQLPatchTestSupport
import Testing

@testable import GQLPatchCLI
@testable import GQLPatchSupport

/// What the command line makes of a console whose writes fail.
@Suite struct ApplicationOutputTests {
    /// A run whose output was lost is exit 74, whatever the command (here: `--version` in process).
    @Test func aRunWhoseOutputWasLostIsExit74() async {
        var errors: [String] = []
        let collected = LockedValue<[String]>([])
        let console = Console(
            checkedWriteOut: { _ in "No space left on device" }, closeOut: { nil },
            writeErr: { text in collected.withValue { $0.append(text) } }, stdoutIsTerminal: false)
        let context = RunContext(
            console: console, files: .memory([:]), transport: NoTransport(), workingDirectory: "/")
        let code = await Application.run(arguments: ["--version"], environment: [:], context: context)
        errors = collected.current
        #expect(code == 74)
        #expect(errors == ["gqlpatch: error: cannot write to standard output: No space left on device\n"])
    }
}
