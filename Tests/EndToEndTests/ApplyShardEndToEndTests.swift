import Foundation
import JSON
import Testing

/// `apply --shard I/N` as a CI matrix runs it: N jobs over one file apply every line exactly once
/// between them, each printing only its own lines; a killed shard resumes from its own journal.
@Suite struct ApplyShardEndToEndTests {
    /// The documented shard of a line: FNV-1a 64 of `MODEL KEYJSON`, mod N, plus 1 (written here
    /// again, from the README's words, so the test checks the documentation, not the code's copy).
    static func documentedShard(model: String, key: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(model) \(key)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) + 1
    }

    private func lines(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    @Test func fourShardsApplyEveryLineExactlyOnceBetweenThem() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        // 2,500 creates, then three rounds of updates of each record: 10,000 lines.
        var input: [String] = []
        var idOfLine: [String] = [""]
        for index in 1...2_500 {
            input.append(
                #"{"op":"create","model":"Item","key":{"id":"item-\#(index)"},"set":{"name":"Item \#(index)"}}"#)
            idOfLine.append("item-\(index)")
        }
        for round in 1...3 {
            for index in 1...2_500 {
                input.append(
                    #"{"op":"update","model":"Item","key":{"id":"item-\#(index)"},"set":{"description":"r\#(round)-\#(index)"}}"#
                )
                idOfLine.append("item-\(index)")
            }
        }
        let path = try emulator.file("backfill.jsonl", input.joined(separator: "\n") + "\n")
        let base = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "apply", path,
            "-j", "8",
        ]
        let jobs = try (1...4).map { try ApplyProcess(base + ["--shard", "\($0)/4"], in: emulator.folder) }
        var printed: [Int: Int] = [:]  // line -> shard that printed it
        for (offset, job) in jobs.enumerated() {
            let shard = offset + 1
            #expect(try job.wait(timeout: 600) == 0, "shard \(shard): \(job.stderr)")
            let results = try lines(job.stdout)
            for result in results {
                let line = try #require(result["line"]?.intValue)
                #expect(printed[line] == nil, "line \(line) printed by shard \(printed[line] ?? 0) and \(shard)")
                printed[line] = shard
                #expect(result["status"] == (line <= 2_500 ? "created" : "updated"), "\(result)")
                let expected = Self.documentedShard(model: "Item", key: #"{"id":"\#(idOfLine[line])"}"#, count: 4)
                #expect(
                    expected == shard,
                    "line \(line) (\(idOfLine[line])) belongs to shard \(expected), printed by \(shard)")
            }
            #expect(job.stderr.contains("\(10_000 - results.count) other shards' lines left out"), "\(job.stderr)")
        }
        #expect(printed.count == 10_000)

        // The emulator's log of writes: each line's mutation arrived exactly once.
        var writes: [String: Int] = [:]
        for body in try emulator.bodies() {
            guard let input = body["variables"]?["input"], let id = input["id"]?.stringValue else { continue }
            let what = input["description"]?.stringValue ?? "create \(input["name"]?.stringValue ?? "?")"
            writes["\(id) \(what)", default: 0] += 1
        }
        #expect(writes.count == 10_000, "distinct writes")
        #expect(writes.values.allSatisfy { $0 == 1 }, "\(writes.filter { $0.value != 1 })")
        let stored = try emulator.graphQL(#"{ getItem(id: "item-1234") { name description } }"#)["data"]?["getItem"]
        #expect(stored?["description"] == "r3-1234", "\(String(describing: stored))")
    }

    @Test func aKilledShardResumesFromItsOwnJournal() throws {
        let optimistic = ["--conflict-handler", "optimistic"]
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "20"] + optimistic)
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(arguments: optimistic, into: emulator.folder)
        for index in 1...40 {
            try emulator.create("Item", ["id": .string("item-\(index)"), "name": .string("Item \(index)")])
        }
        var input: [String] = []
        for round in 1...4 {
            for index in 1...40 {
                input.append(
                    #"{"op":"update","model":"Item","key":{"id":"item-\#(index)"},"set":{"description":"r\#(round)-\#(index)"}}"#
                )
            }
        }
        let path = try emulator.file("in.jsonl", input.joined(separator: "\n") + "\n")
        let journal = emulator.folder.appendingPathComponent("run.journal").path
        let base = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "apply", path, "-j", "2",
            "--journal", journal,
        ]

        let first = try ApplyProcess(base + ["--shard", "1/2"], in: emulator.folder)
        #expect(try first.wait() == 0, "\(first.stderr)")
        let second = try ApplyProcess(base + ["--shard", "2/2"], in: emulator.folder)
        #expect(second.waitForOutput(lines: 10), "\(second.stderr)")
        second.signal(SIGKILL)
        #expect(try second.wait() == 128 + SIGKILL)
        let files = FileManager.default
        #expect(
            files.fileExists(atPath: journal + ".shard-1-of-2") && files.fileExists(atPath: journal + ".shard-2-of-2"))
        #expect(!files.fileExists(atPath: journal), "each shard journals into a file of its own")

        let resumed = try ApplyProcess(base + ["--shard", "2/2", "--resume"], in: emulator.folder)
        #expect(try resumed.wait() == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("already applied (journal)"), "\(resumed.stderr)")
        let stored = try emulator.graphQL("{ listItems(limit: 100) { items { id description _version } } }")
        let items = try #require(stored["data"]?["listItems"]?["items"]?.arrayValue)
        #expect(items.count == 40)
        for item in items {
            let id = item["id"]?.stringValue ?? "?"
            #expect(item["description"]?.stringValue == "r4-\(id.dropFirst(5))", "\(item)")
            #expect(item["_version"] == 5, "\(id): four updates, each applied once, across the shards and the kill")
        }
    }
}
