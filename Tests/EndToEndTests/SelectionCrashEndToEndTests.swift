import Foundation
import JSON
import Testing

/// A bulk `update --where ... --incr` with `--journal`, killed with SIGKILL at a random point and
/// then resumed: every record the selection picked is changed exactly once (a counter ends at +1),
/// whether the kill fell while the keys were read, between the keys and the journal, or among the
/// writes.
@Suite(.serialized) struct SelectionCrashEndToEndTests {
    static let runs = 10
    static let rows = 60

    @Test func killedAnywhereAndResumedCountsEveryRecordOnce() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "15"])
        defer { emulator.stop() }
        var amongWrites = 0
        for run in 0..<Self.runs {
            var seed = ""
            for row in 1...Self.rows {
                seed +=
                    #"{"op":"create","model":"RecipeStep","key":{"recipeID":"k\#(run)","rowID":\#(row)},"set":{"quantity":0}}"#
                    + "\n"
            }
            let seeded = try emulator.gqlpatch(["apply", "-j", "8", try emulator.file("seed-\(run).jsonl", seed)])
            #expect(seeded.status == 0, "\(seeded)")
            let journal = emulator.folder.appendingPathComponent("bulk-\(run).journal").path
            let arguments = [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema,
                "--compact", "update", "RecipeStep", "--where", "recipeID=k\(run)", "--incr", "quantity=1", "--yes",
                "-j", "8", "--rate", "150", "--journal", journal,
            ]
            // Somewhere in the run's first 0.8 s (60 reads and 60 writes take about 0.8 s at 150 a second).
            let killed = try KilledAndResumed(
                arguments, in: emulator.folder, after: KilledAndResumed.delay(run: run, base: 0.02, spread: 0.78),
                run: run)
            let (resumed, status, context) = (killed.resumed, killed.status, killed.context)
            #expect(status == 0, "\(context)")
            let list = try emulator.gqlpatch(["list", "RecipeStep", "--where", "recipeID=k\(run)"])
            let quantities = try list.stdout.split(separator: "\n").map {
                try JSONValue.parse(String($0))["quantity"]?.doubleValue ?? -1
            }
            #expect(quantities.count == Self.rows, "\(context)")
            #expect(quantities.allSatisfy { $0 == 1 }, "\(quantities)\n\(context)")
            if resumed.stderr.contains("already applied (journal)") { amongWrites += 1 }
        }
        // The runs must have met the case they are for: killed with some writes journaled, not all.
        #expect(amongWrites > 0, "no kill fell among the writes")
    }
}
