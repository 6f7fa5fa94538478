import Foundation
import JSON
import Testing

/// `apply` when it can no longer report (stdout fails), and when it is asked to stop by SIGTERM.
@Suite struct ApplyOutputEndToEndTests {
    private func updates(_ count: Int) -> String {
        (1...count).map { #"{"op":"update","model":"Item","key":{"id":"item-\#($0)"},"set":{"name":"Changed"}}"# }
            .joined(separator: "\n") + "\n"
    }

    private func mutations(_ emulator: Emulator) throws -> Int {
        try emulator.bodies().filter { $0["query"]?.stringValue?.contains("mutation") == true }.count
    }

    @Test(arguments: [false, true])
    func aFullStandardOutputIsExit74AndStopsSending(dryRun: Bool) throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        for index in 1...40 { try emulator.create("Item", ["id": .string("item-\(index)"), "name": "Item"]) }
        let before = try mutations(emulator)
        let path = try emulator.file("in.jsonl", updates(40))
        let arguments =
            ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema]
            + (dryRun ? ["--dry-run"] : []) + ["apply", path, "-j", "1"]
        let run = try ApplyProcess(arguments, in: emulator.folder, stdout: "/dev/full")
        #expect(try run.wait() == 74, "\(run.stderr)")
        // A run that started sending says what it did first (the summary), then the error.
        let error = "gqlpatch: error: cannot write to standard output: No space left on device"
        if dryRun {
            #expect(run.stderr.hasPrefix(error), "\(run.stderr)")
        } else {
            #expect(run.stderr.hasPrefix("gqlpatch: apply: stopped after "), "\(run.stderr)")
            #expect(run.stderr.contains("\n" + error), "\(run.stderr)")
        }
        let sent = try mutations(emulator) - before
        #expect(sent <= (dryRun ? 0 : 2), "stops sending once it cannot report: \(sent) of 40 sent")
    }

    @Test func sigtermPrintsTheSummaryAsSigintDoes() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "30"])
        defer { emulator.stop() }
        for index in 1...30 { try emulator.create("Item", ["id": .string("item-\(index)"), "name": "Item"]) }
        let path = try emulator.file("in.jsonl", updates(30))
        let journal = emulator.folder.appendingPathComponent("in.journal").path
        let run = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "apply",
                path, "-j", "2",
                "--journal", journal,
            ],
            in: emulator.folder)
        #expect(run.waitForOutput(lines: 4), "\(run.stderr)")
        run.signal(SIGTERM)
        #expect(try run.wait() == 143, "\(run.stderr)")
        #expect(run.stderr.contains("gqlpatch: apply: interrupted after"), "\(run.stderr)")
        let printed = run.stdout.split(separator: "\n").count
        // Done entries only: the writes recorded as about to be sent have "sending" instead of "status".
        let journaled = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""status""#) }.count
        #expect(journaled == printed, "every printed line is journaled, and every journaled line printed")
        #expect(printed < 30, "stopped part-way")
    }
}
