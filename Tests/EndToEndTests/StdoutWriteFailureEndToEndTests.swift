import Foundation
import JSON
import Testing

/// A standard output that cannot be written (`/dev/full`: every write fails with ENOSPC, as on a full
/// disk) is exit 74 with a message on stderr, for every command: `gqlpatch list Item > backup.jsonl`
/// on a full disk used to "succeed" with nothing written.
@Suite struct StdoutWriteFailureEndToEndTests {
    static let message = "gqlpatch: error: cannot write to standard output: No space left on device\n"

    private func emulatorWithItems(_ count: Int = 3) throws -> Emulator {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey])
        for number in 1...count { try emulator.create("Item", ["id": .string("item-\(number)"), "name": "Chair"]) }
        return emulator
    }

    private func toDevFull(_ emulator: Emulator, _ arguments: [String]) throws -> ProcessResult {
        let words =
            ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema] + arguments
        return try ShellRun.run(words.map { ShellRun.Word($0) }, stdoutPath: "/dev/full", in: emulator.folder)
    }

    @Test(arguments: [
        ["get", "Item", "--id", "item-1"],
        ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
        ["create", "Item", "--set", "name=Desk"],
        ["delete", "Item", "--id", "item-2"],
        ["query", "{ listItems { items { id } } }"],
        ["schema", "Item"],
        ["schema"],
        ["--dry-run", "update", "Item", "--id", "item-1", "--set", "name=Lamp"],
        ["--output", "envelope", "get", "Item", "--id", "item-1"],
    ])
    func aFailedWriteIsExit74(_ arguments: [String]) throws {
        let emulator = try emulatorWithItems()
        defer { emulator.stop() }
        let result = try toDevFull(emulator, arguments)
        result.expectFailure(74, Self.message)
    }

    /// `list` stops at the first failed write: it does not go on reading page after page.
    @Test func listStopsAtTheFirstFailedWrite() throws {
        let emulator = try emulatorWithItems(5)
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try toDevFull(emulator, ["list", "Item", "--page-size", "1"])
        result.expectFailure(74, Self.message)
        #expect(try emulator.requests().count - before == 1, "one page was read, then the run stopped")
    }

    @Test(arguments: [["--help"], ["--version"], ["update", "--help"]])
    func helpAndVersionToAFullOutputAreExit74(_ arguments: [String]) throws {
        let result = try ShellRun.run(arguments.map { ShellRun.Word($0) }, stdoutPath: "/dev/full")
        result.expectFailure(74, Self.message)
    }

    /// The write check does not change a run whose output goes through.
    @Test func aWritableOutputIsStillExit0() throws {
        let emulator = try emulatorWithItems()
        defer { emulator.stop() }
        let output = emulator.folder.appendingPathComponent("backup.jsonl").path
        let words = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "list", "Item",
        ]
        let result = try ShellRun.run(words.map { ShellRun.Word($0) }, stdoutPath: output, in: emulator.folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").count == 3)
    }
}
