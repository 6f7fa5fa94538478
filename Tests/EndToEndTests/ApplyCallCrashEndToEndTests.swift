import Foundation
import JSON
import Testing

/// `apply --journal` over custom mutations (`{"op": "call"}`) killed with SIGKILL at a random point,
/// then `--resume`, many times: a call is never executed twice, a call that was not in flight is
/// executed exactly once, and one that was (journaled as being sent, its answer never read) is
/// reported `unknown` (exit 4) rather than sent again. With `--idempotent` the resume sends those
/// again and every call is executed at least once. (`--continue-on-error`: the calls after one in
/// doubt are sent too, so each can be counted.)
@Suite(.serialized) struct ApplyCallCrashEndToEndTests {
    static let runs = 10
    static let perRun = 40
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call")

    static func line(run: Int, _ n: Int) -> String {
        #"{"op":"call","operation":"publishItem","args":{"id":"r\#(run)-\#(n)","status":"DONE"}}"#
    }

    /// How many times the emulator executed `publishItem` for each id (its request log).
    static func executions(_ emulator: Emulator) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for body in try emulator.bodies() {
            guard let query = body["query"]?.stringValue, query.contains("publishItem"),
                let id = body["variables"]?["id"]?.stringValue
            else { continue }
            counts[id, default: 0] += 1
        }
        return counts
    }

    @Test(arguments: [false, true]) func killedAnywhereAndResumedNoCallRunsTwice(idempotent: Bool) throws {
        let emulator = try Emulator(
            schema: Self.folder.appendingPathComponent("schema.graphql").path,
            arguments: [
                "--api-key", Emulator.apiKey, "--latency-ms", "20", "--custom-handler",
                Self.folder.appendingPathComponent("handler.py").path,
            ])
        defer { emulator.stop() }
        var inDoubt = 0
        for run in 0..<Self.runs {
            let input = try emulator.file(
                "calls-\(run).jsonl", (0..<Self.perRun).map { Self.line(run: run, $0) + "\n" }.joined())
            let journal = emulator.folder.appendingPathComponent("calls-\(run).journal").path
            let arguments =
                [
                    "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema",
                    Self.folder.appendingPathComponent("schema.graphql").path, "--compact", "apply", input, "-j", "4",
                    "--rate", "100", "--journal", journal, "--continue-on-error",
                ] + (idempotent ? ["--idempotent"] : [])
            // Somewhere in the run's first 0.4 s (40 calls take about 0.5 s at 100 a second).
            let killed = try KilledAndResumed(
                arguments, in: emulator.folder, after: KilledAndResumed.delay(run: run, base: 0.04, spread: 0.36),
                run: run)
            let (resumed, status, context) = (killed.resumed, killed.status, killed.context)
            var unknown: Set<Int> = []
            for line in resumed.stdout.split(separator: "\n") {
                let value = try JSONValue.parse(String(line))
                if value["status"] == "unknown", let number = value["line"]?.intValue { unknown.insert(number) }
            }
            let executed = try Self.executions(emulator)
            for n in 0..<Self.perRun {
                let count = executed["r\(run)-\(n)", default: 0]
                if idempotent {
                    #expect(count >= 1, "call \(n) never executed\n\(context)")
                } else if unknown.contains(n + 1) {
                    #expect(count <= 1, "call \(n), in doubt, executed \(count) times\n\(context)")
                } else {
                    #expect(count == 1, "call \(n) executed \(count) times\n\(context)")
                }
            }
            if idempotent {
                #expect(status == 0 && unknown.isEmpty, "\(context)")
            } else {
                // At most the calls in flight when the kill came (-j 4) are in doubt.
                #expect(unknown.count <= 4, "\(context)")
                #expect(status == (unknown.isEmpty ? 0 : 4), "\(context)")
                inDoubt += unknown.count
            }
        }
        // The kills must have met the case they are for: a call sent and its answer never read.
        if !idempotent { #expect(inDoubt > 0, "no kill fell while a call was in flight") }
    }
}
