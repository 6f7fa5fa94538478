import Foundation
import JSON
import Testing

/// `list` over imperfect data and an imperfect server (issue 15 #7): records the server cannot return
/// are reported and skipped, failed pages are retried, and a stopped listing resumes from its token.
@Suite struct ListRealDataEndToEndTests {
    static let schema = ListIndexEndToEndTests.schema

    /// `count` Child records `c000`... created 100 per request (`count / 100` requests, at least one),
    /// then `broken` ones given a null `name` (a non-null field), one request each.
    private func seed(_ emulator: Emulator, count: Int, broken: [Int] = []) throws {
        for start in stride(from: 0, to: count, by: 100) {
            let creates = (start..<min(count, start + 100)).map { i in
                "c\(i): createChild(input: {id: \"\(Self.id(i))\", parentEmail: \"p@x\", rowID: \(i), name: \"n\(i)\"}) { id }"
            }
            let response = try emulator.graphQL("mutation { \(creates.joined(separator: " ")) }")
            guard response["errors"] == nil else { throw HarnessError("seeding failed: \(response)") }
        }
        for i in broken {
            let response = try emulator.graphQL(
                "mutation { updateChild(input: {id: \"\(Self.id(i))\", name: null}) { id } }")
            guard response["errors"] == nil else { throw HarnessError("breaking \(i) failed: \(response)") }
        }
    }

    static func id(_ i: Int) -> String { "c" + String(repeating: "0", count: 3 - String(i).count) + String(i) }

    @Test func recordsTheServerCannotReturnAreReportedAndTheOthersPrinted() throws {
        let emulator = try Emulator(schema: Self.schema)
        defer { emulator.stop() }
        try seed(emulator, count: 500, broken: [17, 250, 499])
        let result = try emulator.gqlpatch(
            ["list", "Child", "--page-size", "100", "--select", "name"], schema: Self.schema)
        #expect(result.status == 1, "\(result)")
        let ids = try RecordCommandSupport.lines(result).compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 497)
        #expect(Set(ids).count == 497)
        #expect(!ids.contains("c017") && !ids.contains("c250") && !ids.contains("c499"))
        let errors = result.stderr.split(separator: "\n").filter {
            $0.hasPrefix("gqlpatch: error: listChildren.items.")
        }
        #expect(
            errors == [
                "gqlpatch: error: listChildren.items.17.name (page 1): Cannot return null for non-nullable type: 'String' within parent 'Child' (/listChildren/items/17/name)",
                "gqlpatch: error: listChildren.items.50.name (page 3): Cannot return null for non-nullable type: 'String' within parent 'Child' (/listChildren/items/50/name)",
                "gqlpatch: error: listChildren.items.99.name (page 5): Cannot return null for non-nullable type: 'String' within parent 'Child' (/listChildren/items/99/name)",
            ], "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "gqlpatch: error: 3 records of listChildren could not be read (each reported above); the others were printed\n"
            ),
            "\(result.stderr)")
        #expect(!result.stderr.contains("--starting-token"))

        let inline = try emulator.gqlpatch(
            ["list", "Child", "--page-size", "100", "--select", "name", "--errors-inline"], schema: Self.schema)
        #expect(inline.status == 1, "\(inline)")
        let lines = try RecordCommandSupport.lines(inline)
        #expect(lines.count == 500)
        #expect(
            lines.filter { $0["error"] != nil }.map { $0["error"]?["path"] } == [
                ["listChildren", "items", .int(17), "name"], ["listChildren", "items", .int(50), "name"],
                ["listChildren", "items", .int(99), "name"],
            ])

        let strict = try emulator.gqlpatch(
            ["list", "Child", "--page-size", "100", "--select", "name", "--strict"], schema: Self.schema)
        strict.expectFailure(1, "gqlpatch: error: the server answered with errors: Cannot return null")
        #expect(!strict.stderr.contains("--starting-token"), "the first page failed: nothing to resume from")
    }

    @Test func aPageFailingTwiceWithHTTP500IsRetried() throws {
        // Request 1 seeds; the list's page 1 is request 2, page 2 fails as requests 3 and 4, then 5 answers.
        let emulator = try Emulator(
            schema: Self.schema,
            arguments: ["--api-key", Emulator.apiKey, "--fail-request", "3", "--fail-request", "4"])
        defer { emulator.stop() }
        try seed(emulator, count: 5)
        let result = try emulator.gqlpatch(
            ["list", "Child", "--page-size", "3", "--select", "id"], schema: Self.schema)
        #expect(result.status == 0, "\(result)")
        #expect(
            try RecordCommandSupport.lines(result).compactMap { $0["id"]?.stringValue }.sorted() == (0..<5).map(Self.id)
        )
        #expect(result.stderr.components(separatedBy: "reading the page again").count == 3, "\(result.stderr)")
        #expect(try emulator.requests().map { $0["status"]?.intValue } == [200, 200, 500, 500, 200])
    }

    @Test func aStoppedListingResumesFromItsTokenWithoutLosingOrRepeatingRecords() throws {
        let emulator = try Emulator(
            schema: Self.schema, arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "150"])
        defer { emulator.stop() }
        try seed(emulator, count: 500)
        let common = ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.schema]
        let run = try ApplyProcess(
            common + ["list", "Child", "--page-size", "20", "--select", "id"], in: emulator.folder)
        #expect(run.waitForOutput(lines: 100), "\(run.stderr)")
        run.signal(SIGTERM)
        #expect(try run.wait() == 143, "\(run.stderr)")
        let first = run.stdout.split(separator: "\n").map(String.init)
        #expect(first.count < 500 && first.count % 20 == 0, "whole pages only: \(first.count)")
        let prefix = "run the same command with --starting-token "
        let note = try #require(run.stderr.split(separator: "\n").first { $0.contains(prefix) }, "\(run.stderr)")
        #expect(note.hasPrefix("gqlpatch: note: interrupted; "))
        let token = String(note[note.range(of: prefix)!.upperBound...])
        let rest = try emulator.gqlpatch(
            ["list", "Child", "--page-size", "20", "--select", "id", "--starting-token", token], schema: Self.schema)
        #expect(rest.status == 0, "\(rest)")
        let ids = try (first.map { try JSONValue.parse($0) } + RecordCommandSupport.lines(rest)).compactMap {
            $0["id"]?.stringValue
        }
        #expect(ids.count == 500)
        #expect(Set(ids) == Set((0..<500).map(Self.id)))
    }
}
