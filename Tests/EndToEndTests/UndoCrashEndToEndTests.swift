import Foundation
import JSON
import Testing

/// `kill -9` during a write logged with `--undo-log`, and during `undo` itself, ten times each at
/// points each run picks: the log and the journal keep exactly what was sent, so every record ends
/// as it was, and every record is written once by the run and once by its undo, or by neither.
@Suite(.serialized) struct UndoCrashEndToEndTests {
    static let runs = 10
    static let rows = 60

    /// A versioned emulator keeping its items in a SQLite file, with its compiled schema.
    private func start() throws -> (Emulator, String, String) {
        let extra = ["--conflict-handler", "optimistic"]
        let database = FileManager.default.temporaryDirectory.appendingPathComponent(
            "undo-crash-\(UUID().uuidString).sqlite"
        ).path
        let emulator = try Emulator(
            arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "15", "--db", database] + extra)
        return (emulator, try Emulator.compiledSchema(arguments: extra, into: emulator.folder), database)
    }

    /// `rows` Items of run `run` (their description names it), and their stored items by id.
    private func seed(_ emulator: Emulator, run: Int, schema: String, database: String) throws -> [String: JSONObject] {
        var lines = ""
        for row in 0..<Self.rows {
            var set: JSONObject = ["name": .string("n\(row)"), "description": .string("k\(run)")]
            if row % 2 == 0 { set["tags"] = ["a"] }
            let line: JSONValue = [
                "op": "create", "model": "Item", "key": ["id": .string("k\(run)-\(row)")], "set": .object(set),
            ]
            lines += line.serialized() + "\n"
        }
        let seeded = try emulator.gqlpatch(
            ["apply", "-j", "8", try emulator.file("seed-\(run).jsonl", lines)], schema: schema)
        #expect(seeded.status == 0, "\(seeded)")
        return try items(database, run: run)
    }

    private func items(_ database: String, run: Int) throws -> [String: JSONObject] {
        var items: [String: JSONObject] = [:]
        for item in try StoredItems.read(database, model: "Item").values
        where item["description"] == .string("k\(run)") || (item["id"]?.stringValue ?? "").hasPrefix("k\(run)-") {
            items[item["id"]?.stringValue ?? ""] = item
        }
        return items
    }

    private func bulk(_ emulator: Emulator, run: Int, schema: String, log: String) -> [String] {
        [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "--compact", "update",
            "Item", "--where", "description=k\(run)", "--set", "name=bulk", "--unset", "tags", "--yes", "-j", "8",
            "--rate", "150", "--undo-log", log,
        ]
    }

    /// Every record is back as it was, written by the run and its undo once each (`_version` 3) or
    /// by neither (`_version` 1).
    private func expectBack(_ seeded: [String: JSONObject], _ now: [String: JSONObject], _ context: String) {
        #expect(now.count == seeded.count, "\(context)")
        for (id, item) in seeded {
            guard let stored = now[id] else {
                Issue.record("\(id) is gone\n\(context)")
                continue
            }
            #expect(StoredItems.content(stored) == StoredItems.content(item), "\(id): \(stored)\n\(context)")
            let version = stored["_version"]?.intValue
            #expect(version == 1 || version == 3, "\(id) at _version \(version ?? -1)\n\(context)")
        }
    }

    /// Killed among its logged writes, the bulk update is not resumed: undo puts back every write
    /// that landed, the one whose answer was lost too, and never touches a record whose write was
    /// not sent.
    @Test func aLoggedRunKilledAnywhereIsUndoneExactly() throws {
        let (emulator, schema, database) = try start()
        defer { emulator.stop() }
        var amongWrites = 0
        for run in 0..<Self.runs {
            let seeded = try seed(emulator, run: run, schema: schema, database: database)
            let log = emulator.folder.appendingPathComponent("run-\(run).undo").path
            let process = try ApplyProcess(bulk(emulator, run: run, schema: schema, log: log), in: emulator.folder)
            let delay = KilledAndResumed.delay(run: run, base: 0.05, spread: 0.9)
            Thread.sleep(forTimeInterval: delay)
            process.signal(SIGKILL)
            let killed = try process.wait()
            var context = "run \(run), killed after \(delay) s (status \(killed))\n\(process.stderr)"
            guard FileManager.default.fileExists(atPath: log) else {
                // Killed before the log was opened: nothing was sent.
                expectBack(seeded, try items(database, run: run), context)
                continue
            }
            let undo = try emulator.gqlpatch(["undo", log, "--yes", "-j", "8"], schema: schema)
            context += "\nundo: \(undo.stdout)\n\(undo.stderr)"
            #expect(undo.status == 0, "\(context)")
            expectBack(seeded, try items(database, run: run), context)
            let written = try items(database, run: run).values.filter { $0["_version"] == 3 }.count
            if written > 0, written < Self.rows { amongWrites += 1 }
        }
        #expect(amongWrites > 0, "no kill fell among the writes")
    }

    /// `undo --journal` killed anywhere and resumed: every record is put back once.
    @Test func anUndoKilledAnywhereAndResumedPutsEveryRecordBackOnce() throws {
        let (emulator, schema, database) = try start()
        defer { emulator.stop() }
        var amongWrites = 0
        for run in 0..<Self.runs {
            let seeded = try seed(emulator, run: run, schema: schema, database: database)
            let log = emulator.folder.appendingPathComponent("full-\(run).undo").path
            let bulk = try GQLPatchRun.run(bulk(emulator, run: run, schema: schema, log: log), in: emulator.folder)
            #expect(bulk.status == 0, "\(bulk)")
            let journal = emulator.folder.appendingPathComponent("undo-\(run).journal").path
            let killed = try KilledAndResumed(
                [
                    "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "undo", log,
                    "--yes", "-j", "8", "--rate", "150", "--journal", journal,
                ], in: emulator.folder, after: KilledAndResumed.delay(run: run, base: 0.05, spread: 0.5), run: run)
            #expect(killed.status == 0, "\(killed.context)")
            expectBack(seeded, try items(database, run: run), killed.context)
            #expect(
                try items(database, run: run).values.allSatisfy { $0["_version"] == 3 }, "\(killed.context)")
            if killed.resumed.stderr.contains("already applied (journal)") { amongWrites += 1 }
        }
        #expect(amongWrites > 0, "no kill fell among the undo's writes")
    }
}
