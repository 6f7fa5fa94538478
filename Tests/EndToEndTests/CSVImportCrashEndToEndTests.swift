import Foundation
import JSON
import Testing

/// A journaled CSV import of 10,000 rows (`--mode create`) killed with SIGKILL at a random point,
/// then `--resume`, ten times: every row is created exactly once (the emulator's request log holds
/// one create per id), none twice, none missing, and the resumed run exits 0. A scale test
/// (`make test-scale`).
@Suite(.serialized) struct CSVImportCrashEndToEndTests {
    static let runs = 10
    static let rows = 10_000

    @Test func killedAnywhereAndResumedEveryRowIsWrittenOnce() throws {
        let emulator = try Emulator(schema: CSVImportEndToEndTests.schema)
        defer { emulator.stop() }
        for run in 0..<Self.runs {
            var text = "id,name,qty,kind\r\n"
            for n in 0..<Self.rows {
                text += "r\(run)-\(n),\"row \(n), run \(run)\",\(n),\(["TOOL", "PART", "KIT"][n % 3])\r\n"
            }
            let input = try emulator.file("rows-\(run).csv", text)
            let journal = emulator.folder.appendingPathComponent("rows-\(run).journal").path
            let arguments = [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema",
                CSVImportEndToEndTests.schema,
                "--compact", "import", input, "--model", "Product", "--mode", "create", "-j", "16", "--journal",
                journal,
            ]
            // Somewhere in the run's first 8 s (10,000 rows take longer).
            let killed = try KilledAndResumed(
                arguments, in: emulator.folder, after: KilledAndResumed.delay(run: run, base: 0.5, spread: 7.5),
                run: run)
            let (status, context) = (killed.status, killed.context)
            #expect(status == 0, "\(context)")
            var creates: [String: Int] = [:]
            for body in try emulator.bodies() where body["operationName"] == "CreateProduct" {
                guard let id = body["variables"]?["input"]?["id"]?.stringValue, id.hasPrefix("r\(run)-") else {
                    continue
                }
                creates[id, default: 0] += 1
            }
            #expect(creates.count == Self.rows, "every row created\n\(context)")
            #expect(creates.values.allSatisfy { $0 == 1 }, "a row created twice\n\(context)")
        }
    }
}
