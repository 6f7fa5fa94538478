import Foundation
import JSON
import Testing

/// `update`, `delete` and `touch` of the records a selection picks, against the emulator: the keys
/// read whole first, counted, confirmed, then each written guarded by the selection.
@Suite struct SelectionWriteEndToEndTests {
    static let optimistic = ["--conflict-handler", "optimistic"]

    /// `count` Items, every `every`th one with description "match" (the others "other").
    private func seed(_ emulator: Emulator, count: Int, every: Int, schema: String) throws {
        var lines = ""
        for index in 0..<count {
            let description = index % every == 0 ? "match" : "other"
            lines +=
                #"{"op": "create", "model": "Item", "key": {"id": "r\#(index)"}, "set": {"name": "old", "description": "\#(description)"}}"#
                + "\n"
        }
        let run = try emulator.gqlpatch(
            ["apply", "-j", "16", try emulator.file("seed.jsonl", lines)], schema: schema, timeout: 900)
        #expect(run.status == 0, "\(run)")
    }

    /// Every Item, by id, through the API (as another client reads them).
    private func items(_ emulator: Emulator, schema: String) throws -> [String: JSONValue] {
        let run = try emulator.gqlpatch(
            ["list", "Item", "--page-size", "1000"], schema: schema, stdoutToFile: true, timeout: 900)
        #expect(run.status == 0, "\(run)")
        var items: [String: JSONValue] = [:]
        for line in run.stdout.split(separator: "\n") {
            let item = try JSONValue.parse(String(line))
            items[item["id"]?.stringValue ?? ""] = item
        }
        return items
    }

    /// 10,000 records, 1,000 of them picked; once the keys are read (the journal's keys file is in
    /// place), another writer changes 50 of those not yet written so that they no longer match:
    /// exactly the other 950 are updated, the 50 keep the other writer's values and are reported.
    @Test(arguments: [false, true])
    func aRecordChangedSinceItWasPickedIsReportedNotOverwritten(versioned: Bool) throws {
        let extra = versioned ? Self.optimistic : []
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + extra)
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(arguments: extra, into: emulator.folder)
        try seed(emulator, count: 10_000, every: 10, schema: schema)
        let journal = emulator.folder.appendingPathComponent("bulk.journal").path
        let bulk = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "update", "Item",
                "--where", "description=match", "--set", "name=bulk", "--yes", "--page-size", "1000", "-j", "4",
                "--rate", "100", "--journal", journal,
            ], in: emulator.folder)
        let keysFile = journal + ".keys"
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: keysFile), bulk.process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let keys = try String(contentsOfFile: keysFile, encoding: .utf8).split(separator: "\n")
        #expect(keys.count == 1000)
        // The last 50 keys are written last: seconds after the plan, at 100 requests a second.
        let taken = try keys.suffix(50).map { try JSONValue.parse(String($0))["id"]?.stringValue ?? "" }
        for id in taken { try emulator.takeItem(id, versioned: versioned) }
        let status = try bulk.wait(timeout: 300)
        #expect(status == 2, "\(bulk.stderr)")
        #expect(bulk.stderr.contains("gqlpatch: update: 1000 Item records selected"), "\(bulk.stderr)")
        let lines = try bulk.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let reported = Set(
            lines.filter { $0["status"] == "no-longer-matches" }.compactMap { $0["key"]?["id"]?.stringValue })
        #expect(reported == Set(taken), "\(bulk.stderr)")
        #expect(lines.filter { $0["status"] == "updated" }.count == 950)

        let stored = try items(emulator, schema: schema)
        #expect(stored.count == 10_000)
        let renamed = stored.values.filter { $0["name"] == "bulk" }
        #expect(renamed.count == 950)
        #expect(renamed.allSatisfy { $0["description"] == "match" })
        for id in taken {
            #expect(stored[id]?["name"] == "old" && stored[id]?["description"] == "taken", "\(id)")
        }
        // Each write carried the selection as its condition.
        let conditions = try emulator.bodies().filter { $0["operationName"] == "UpdateItem" }
            .map { $0["variables"]?["condition"] }
        #expect(conditions.allSatisfy { $0 == ["description": ["eq": "match"]] || $0 == nil })
        #expect(conditions.filter { $0 != nil }.count >= 1000)
    }

    /// A delete by a selection that spans many pages deletes every record it picked, and nothing
    /// else: the keys are read whole before the first delete (deleting while paging the same
    /// listing would skip records).
    @Test func deleteWhereOverManyPagesDeletesEveryMatchAndNothingElse() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try seed(emulator, count: 300, every: 3, schema: TestPaths.schema)
        let run = try emulator.gqlpatch(
            ["delete", "Item", "--where", "description=match", "--page-size", "10", "--yes", "-j", "8"])
        #expect(run.status == 0, "\(run)")
        let pages = try emulator.operationNames().filter { $0 == "ListItem" }.count
        #expect(pages > 10, "\(pages) pages")
        let deleted = try emulator.inputs(of: "DeleteItem").compactMap { $0["id"]?.stringValue }
        let picked = (0..<300).filter { $0 % 3 == 0 }.map { "r\($0)" }
        #expect(deleted.sorted() == picked.sorted())
        let left = try items(emulator, schema: TestPaths.schema)
        #expect(left.count == 200 && left.values.allSatisfy { $0["description"] == "other" })
    }

    /// Outside a terminal the write is refused without --yes, after the count: nothing is sent but
    /// the listing; a dry run sends no mutation either.
    @Test func withoutYesInAPipeNothingIsWritten() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try seed(emulator, count: 6, every: 2, schema: TestPaths.schema)
        let before = try emulator.operationNames().count
        let run = try emulator.gqlpatch(["update", "Item", "--where", "description=match", "--set", "name=x"])
        #expect(run.status == 64, "\(run)")
        #expect(
            run.stderr.contains(
                "gqlpatch: error: update would write 3 Item records and standard input is not a terminal to confirm it: pass --yes"
            ), "\(run)")
        let dry = try emulator.gqlpatch(["--dry-run", "delete", "Item", "--all"])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.split(separator: "\n").count == 6, "\(dry)")
        let sent = try emulator.operationNames().dropFirst(before)
        #expect(!sent.isEmpty && sent.allSatisfy { $0 == "ListItem" }, "\(sent)")
        #expect(try items(emulator, schema: TestPaths.schema).values.allSatisfy { $0["name"] == "old" })
    }

    /// A journal already there (another run's) is refused before anything is read, and no keys file
    /// is left beside it; a keys file already there likewise.
    @Test func anotherRunsJournalOrKeysAreNeverWrittenOver() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let journal = try emulator.file(
            "taken.journal", #"{"gqlpatchJournal":1,"input":"x.jsonl","atomic":false}"# + "\n")
        let run = try emulator.gqlpatch(["touch", "Item", "--all", "--yes", "--journal", journal])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.hasPrefix("gqlpatch: error: the journal \(journal) already exists: pass --resume"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: journal + ".keys"))
        let keys = try emulator.file("other.journal.keys", "{\"id\":\"a\"}\n")
        let again = try emulator.gqlpatch(
            ["touch", "Item", "--all", "--yes", "--journal", String(keys.dropLast(5))])
        #expect(again.status == 64, "\(again)")
        #expect(again.stderr.hasPrefix("gqlpatch: error: \(keys) already exists (the keys a run selected"), "\(again)")
        #expect(try emulator.operationNames().isEmpty)
    }

    /// `touch --all` writes every record again: its version moves by one and no value but
    /// `updatedAt` changes; a watch sees one onUpdate event for each.
    @Test func touchAllWritesEveryRecordAgainAndEachIsSeenByWatch() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + Self.optimistic)
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(arguments: Self.optimistic, into: emulator.folder)
        try seed(emulator, count: 500, every: 1, schema: schema)
        let before = try items(emulator, schema: schema)
        let watch = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "watch", "Item",
                "--on", "update", "--count", "500", "--timeout", "120s",
            ], in: emulator.folder)
        Thread.sleep(forTimeInterval: 1)  // the subscription is made before the first write
        let run = try emulator.gqlpatch(["touch", "Item", "--all", "--yes", "-j", "8"], schema: schema)
        #expect(run.status == 0, "\(run)")
        #expect(try watch.wait(timeout: 150) == 0, "\(watch.stderr)")
        let events = try watch.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(Set(events.compactMap { $0["key"]?["id"]?.stringValue }).count == 500)
        let after = try items(emulator, schema: schema)
        for (id, old) in before {
            let new = try #require(after[id])
            #expect(new["_version"]?.intValue == (old["_version"]?.intValue ?? 0) + 1, "\(id)")
            for field in ["name", "description", "tags", "createdAt"] {
                #expect(new[field] == old[field], "\(id) \(field)")
            }
            #expect(new["updatedAt"] != old["updatedAt"], "\(id)")
        }
    }
}

/// Owners set on old rows: written where the model declares its owner field, refused before
/// anything is read where it is implicit (AppSync fills it from the identity that writes).
@Suite struct SelectionOwnerEndToEndTests {
    @Test func aDeclaredOwnerFieldIsSetOnTheRowsWithoutOne() throws {
        let notes = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/import/notes.graphql").path
        let emulator = try Emulator(schema: notes)
        defer { emulator.stop() }
        try emulator.create("Note", ["id": "n1", "text": "old"])
        try emulator.create("Note", ["id": "n2", "text": "mine", "owner": "bob"])
        let run = try emulator.gqlpatch(
            ["update", "Note", "--where", "owner:=null", "--set", "owner=alice", "--yes"], schema: notes)
        #expect(run.status == 0, "\(run)")
        let list = try emulator.gqlpatch(["list", "Note"], schema: notes)
        let owners = try list.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            .reduce(into: [String: String]()) { $0[$1["id"]?.stringValue ?? ""] = $1["owner"]?.stringValue }
        #expect(owners == ["n1": "alice", "n2": "bob"])
    }

    @Test func anImplicitOwnerFieldIsRefusedBeforeAnythingIsRead() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let schema = try emulator.file(
            "implicit.graphql", "type Note @model @auth(rules: [{ allow: owner }]) {\n  id: ID!\n  text: String!\n}\n")
        let run = try emulator.gqlpatch(
            ["update", "Note", "--where", "text=x", "--set", "owner=alice", "--yes"], schema: schema)
        #expect(run.status == 65, "\(run)")
        #expect(
            run.stderr.hasPrefix(
                "gqlpatch: error: owner is set by the server: Note's owner field is left implicit (UpdateNoteInput has no owner)"
            ), "\(run)")
        #expect(try emulator.operationNames().isEmpty)
    }
}

/// `delete --where --cascade`: each selected record with the tree under it, children first, the
/// trees side by side; what is not selected (and its children) stays.
@Suite struct SelectionCascadeEndToEndTests {
    @Test func eachSelectedRecordIsDeletedAfterItsChildren() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        var seed = ""
        for recipe in 1...4 {
            let name = recipe == 4 ? "keep" : "old"
            seed += #"{"op":"create","model":"Recipe","key":{"id":"c\#(recipe)"},"set":{"name":"\#(name)"}}"# + "\n"
            for row in 1...5 {
                seed +=
                    #"{"op":"create","model":"RecipeStep","key":{"recipeID":"c\#(recipe)","rowID":\#(row)},"set":{"action":"a"}}"#
                    + "\n"
            }
        }
        #expect(try emulator.gqlpatch(["apply", try emulator.file("seed.jsonl", seed)]).status == 0)
        let run = try emulator.gqlpatch(
            ["delete", "Recipe", "--where", "name=old", "--cascade", "--yes", "-j", "3"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stderr.contains("gqlpatch: delete: 3 Recipe records selected; reading what is under them"), "\(run)")
        #expect(run.stderr.contains("gqlpatch: delete: with their children, 18 records (3 Recipe, 15 RecipeStep)"))
        // Each Recipe's delete came after every one of its steps' deletes, and carried the selection.
        let deletes = try emulator.bodies().filter {
            ["DeleteRecipe", "DeleteRecipeStep"].contains($0["operationName"]?.stringValue ?? "")
        }
        #expect(deletes.count == 18)
        for recipe in 1...3 {
            let id = "c\(recipe)"
            let root = try #require(deletes.firstIndex { $0["variables"]?["input"]?["id"] == .string(id) })
            #expect(deletes[root]["variables"]?["condition"] == ["name": ["eq": "old"]])
            let steps = deletes.indices.filter { deletes[$0]["variables"]?["input"]?["recipeID"] == .string(id) }
            #expect(steps.count == 5 && steps.allSatisfy { $0 < root }, "\(id)")
        }
        let left = try emulator.gqlpatch(["list", "RecipeStep"]).stdout.split(separator: "\n")
        #expect(left.count == 5 && left.allSatisfy { $0.contains(#""recipeID":"c4""#) })
    }
}

/// On a terminal (a pseudo-terminal made by util-linux's `script`) the count is asked for: typed
/// right, the records are written; typed wrong, nothing is.
@Suite struct SelectionConfirmationEndToEndTests {
    private func typed(_ answer: String, _ emulator: Emulator) throws -> ProcessResult {
        let command = [
            TestPaths.binary, "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema",
            TestPaths.schema, "--compact", "update", "Item", "--where", "description=match", "--set", "name=typed",
        ].joined(separator: " ")
        return try CommandRunner.run(
            "/bin/bash", ["-c", "echo \(answer) | script -qec '\(command)' /dev/null"],
            workingDirectory: emulator.folder.path)
    }

    @Test func theCountTypedOnTheTerminalConfirmsTheWrite() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        for (index, description) in ["match", "other", "match"].enumerated() {
            try emulator.create(
                "Item", ["id": .string("t\(index)"), "name": "old", "description": .string(description)])
        }
        let wrong = try typed("3", emulator)
        #expect(wrong.status == 64, "\(wrong)")
        #expect(wrong.stdout.contains("gqlpatch: update 2 Item records? Type 2 to go on: "), "\(wrong)")
        #expect(wrong.stdout.contains("gqlpatch: error: update not confirmed (the answer was not 2); nothing was sent"))
        #expect(try emulator.operationNames().filter { $0 == "UpdateItem" }.isEmpty)
        let right = try typed("2", emulator)
        #expect(right.status == 0, "\(right)")
        #expect(right.stdout.contains("gqlpatch: update: done: 2 lines"), "\(right)")
        #expect(try emulator.operationNames().filter { $0 == "UpdateItem" }.count == 2)
    }
}
