import Foundation
import JSON
import Testing

/// `apply` lines that call custom operations (`{"op": "call"}`), against the emulator serving
/// Tests/Fixtures/call's operations (answered by its handler.py, each request executed, and so
/// validated, by graphql-core): a thousand calls side by side, a file refused whole for one bad
/// argument with nothing sent, and a custom mutation whose answer was lost never sent twice unless
/// the run says it is safe, on resume too.
@Suite struct ApplyCallEndToEndTests {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call")
    static let schema = folder.appendingPathComponent("schema.graphql").path

    private func emulator(_ extra: [String] = []) throws -> Emulator {
        try Emulator(
            schema: Self.schema,
            arguments: [
                "--api-key", Emulator.apiKey, "--custom-handler", Self.folder.appendingPathComponent("handler.py").path,
            ] + extra)
    }

    private static let statuses = ["QUEUED", "RUNNING", "DONE", "FAILED"]

    /// Line `n`: a mutation taking an enum, an AWSJSON and an input object; every fifth line a query.
    private static func line(_ n: Int, status: String? = nil) -> String {
        if n % 5 == 0 { return #"{"op":"call","operation":"echo","args":{"msg":"m\#(n)"}}"# }
        let status = status ?? statuses[n % 4]
        return
            #"{"op":"call","operation":"publishItem","args":{"id":\#(n),"status":"\#(status)","meta":{"n":\#(n)},"input":{"note":"n\#(n)","priority":\#(n % 7)}}}"#
    }

    @Test func aThousandCallsRunSideBySideEachTypedByTheSchema() throws {
        let emulator = try emulator()
        defer { emulator.stop() }
        let path = try emulator.file("calls.jsonl", (1...1000).map { Self.line($0) + "\n" }.joined())
        let run = try emulator.gqlpatch(["apply", path, "-j", "16"], schema: Self.schema, timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1000 called"), "\(run.stderr)")
        let results = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(results.count == 1000)
        var seen = Set<Int>()
        for result in results {
            let n = try #require(result["line"]?.intValue)
            seen.insert(n)
            #expect(result["status"] == "called")
            if n % 5 == 0 {
                #expect(result["operation"] == "echo")
                #expect(result["result"] == .string("m\(n)"))
            } else {
                #expect(result["operation"] == "publishItem")
                #expect(
                    result["result"]
                        == [
                            "id": .string("\(n)"), "status": .string(Self.statuses[n % 4]),
                            "meta": .string(#"{"n":\#(n)}"#),
                            "stats": ["count": .int(n % 7), "tags": [.string("n\(n)")]],
                        ])
            }
        }
        #expect(seen.count == 1000)
        // Each call sent once, its values typed as the schema says: an ID as a string, AWSJSON as a JSON string.
        let bodies = try emulator.bodies()
        #expect(bodies.count == 1000)
        let sentSeven = try #require(
            bodies.first { $0["variables"]?["id"] == "7" })
        #expect(
            sentSeven["variables"]
                == [
                    "id": "7", "status": "FAILED", "meta": #"{"n":7}"#, "input": ["note": "n7", "priority": 0],
                ])
    }

    @Test func oneBadArgumentRefusesTheWholeFileAndNothingIsSent() throws {
        let emulator = try emulator()
        defer { emulator.stop() }
        let lines = (1...1000).map { $0 == 701 ? Self.line($0, status: "DON") : Self.line($0) }
        let path = try emulator.file("calls.jsonl", lines.map { $0 + "\n" }.joined())
        let run = try emulator.gqlpatch(["apply", path, "-j", "16"], schema: Self.schema)
        #expect(run.status == 65, "\(run)")
        #expect(
            run.stderr.hasPrefix(
                #"\#(path):701: error: "args" status: "DON" is not a value of enum JobStatus"#), "\(run.stderr)")
        #expect(run.stderr.contains("1 invalid line in \(path); nothing was sent"))
        #expect(run.stdout.isEmpty)
        #expect(try emulator.bodies().isEmpty)
    }

    @Test func aLostAnswerIsUnknownAndSentAgainOnlyWhenIdempotent() throws {
        let lines = (1...3).map { #"{"op":"call","operation":"publishItem","args":{"id":"\#($0)","status":"DONE"}}"# }
        do {
            // The second request runs, then its connection is dropped unanswered.
            let emulator = try emulator(["--drop-response", "2"])
            defer { emulator.stop() }
            let path = try emulator.file("calls.jsonl", lines.map { $0 + "\n" }.joined())
            let run = try emulator.gqlpatch(["apply", path, "-j", "1", "--continue-on-error"], schema: Self.schema)
            #expect(run.status == 4, "\(run)")
            let unknown = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
                .filter { $0["status"] == "unknown" }
            #expect(unknown.map { $0["line"] } == [2])
            #expect(
                unknown.first?["error"]?.stringValue?.contains("publishItem may or may not have been applied") == true)
            #expect(run.stderr.contains("2 called, 1 unknown"), "\(run.stderr)")
            #expect(try emulator.bodies().count == 3, "the dropped call was not sent again")
        }
        do {
            let emulator = try emulator(["--drop-response", "2"])
            defer { emulator.stop() }
            let path = try emulator.file("calls.jsonl", lines.map { $0 + "\n" }.joined())
            let run = try emulator.gqlpatch(["apply", path, "-j", "1", "--idempotent"], schema: Self.schema)
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("3 called"), "\(run.stderr)")
            #expect(try emulator.bodies().count == 4, "the dropped call was sent again")
        }
    }

    @Test func aCallInDoubtOnResumeIsUnknownUntilTheUserSaysItIsSafe() throws {
        let emulator = try emulator(["--drop-response", "2"])
        defer { emulator.stop() }
        let lines = (1...3).map { #"{"op":"call","operation":"publishItem","args":{"id":"\#($0)","status":"DONE"}}"# }
        let path = try emulator.file("calls.jsonl", lines.map { $0 + "\n" }.joined())
        let journal = emulator.folder.appendingPathComponent("calls.journal").path
        let first = try emulator.gqlpatch(["apply", path, "-j", "1", "--journal", journal], schema: Self.schema)
        #expect(first.status == 4, "\(first)")
        #expect(try emulator.bodies().count == 2, "stopped at the unknown line")
        let resumed = try emulator.gqlpatch(
            ["apply", path, "-j", "1", "--journal", journal, "--resume", "--continue-on-error"], schema: Self.schema)
        #expect(resumed.status == 4, "\(resumed)")
        #expect(resumed.stdout.contains(#""line":2,"status":"unknown""#), "\(resumed.stdout)")
        #expect(resumed.stdout.contains("resume with --idempotent"), "\(resumed.stdout)")
        #expect(try emulator.bodies().count == 3, "line 3 sent; line 2 not again")
        let safe = try emulator.gqlpatch(
            ["apply", path, "--journal", journal, "--resume", "--idempotent"], schema: Self.schema)
        #expect(safe.status == 0, "\(safe)")
        #expect(
            safe.stdout
                == #"{"line":2,"status":"called","operation":"publishItem","result":{"id":"2","status":"DONE","meta":null,"stats":{"count":0,"tags":[""]}}}"#
                + "\n")
        #expect(try emulator.bodies().count == 4)
    }

    /// Ctrl-C once calls are done (each request takes 0.3 s): without a journal, the run says that
    /// running it again sends the custom mutations again.
    @Test func anInterruptWithoutAJournalSaysCallsWouldBeSentAgain() throws {
        let emulator = try emulator(["--latency-ms", "300"])
        defer { emulator.stop() }
        let lines = (1...20).map { #"{"op":"call","operation":"publishItem","args":{"id":"\#($0)","status":"DONE"}}"# }
        let path = try emulator.file("calls.jsonl", lines.map { $0 + "\n" }.joined())
        let run = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.schema, "apply", path,
                "-j", "2",
            ],
            in: emulator.folder)
        #expect(run.waitForOutput(lines: 2), "\(run.stderr)")
        run.signal(SIGINT)
        #expect(try run.wait() == 130, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "gqlpatch: note: apply stopped with no journal: what was applied stands; running it again sends every call line again, custom mutations too"
            ), "\(run.stderr)")
    }
}
