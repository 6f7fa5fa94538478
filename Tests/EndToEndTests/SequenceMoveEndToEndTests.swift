import Foundation
import JSON
import Testing

/// `insert` and `renumber` (issue 18) against the emulator, on the recipe schema in both forms: the
/// repository's `schema.graphql` (RecipeStep keyed by recipeID + rowID: a move re-creates the row)
/// and the index form of `Tests/Fixtures/sequences` (keyed by id, `position` sorted by `byRecipe`: a
/// move is an update). Faults, a kill and a concurrent writer must leave the sequence whole.
@Suite struct SequenceMoveEndToEndTests {
    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case primaryKey, index

        var testDescription: String { rawValue }
        var schema: String {
            self == .primaryKey ? TestPaths.schema : TestPaths.fixture("sequences/schema.graphql")
        }
        var field: String { self == .primaryKey ? "rowID" : "position" }
        /// The requests one move sends (after the one read of the rows): a key move's create, the
        /// read `--atomic` makes before a delete, the delete; a plain move's read and update.
        var requestsPerMove: Int { self == .primaryKey ? 3 : 2 }
    }

    /// An emulator with recipe r1's steps 1...count (`action` step-N, `itemCode` c-N, `quantity` N).
    func seeded(_ form: Form, count: Int = 10, arguments: [String] = []) throws -> Emulator {
        let emulator = try Emulator(schema: form.schema, arguments: ["--api-key", Emulator.apiKey] + arguments)
        for number in 1...count {
            var input: JSONObject = [
                "recipeID": "r1", "action": .string("step-\(number)"), "itemCode": .string("c-\(number)"),
                "quantity": .double(Double(number)),
            ]
            input[form.field] = .int(number)
            if form == .index { input["id"] = .string("s-\(number)") }
            _ = try emulator.create("RecipeStep", input, select: "recipeID")
        }
        return emulator
    }

    /// r1's steps in order: (number, action, itemCode, quantity, id).
    struct Step: Equatable, CustomStringConvertible {
        var number: Int
        var action: String?
        var itemCode: String?
        var quantity: Double?
        var id: String?
        var description: String { "\(number):\(action ?? "-")" }
    }

    func steps(_ emulator: Emulator, _ form: Form) throws -> [Step] {
        let query =
            form == .primaryKey
            ? #"{ q: listRecipeSteps(recipeID: "r1", sortDirection: ASC, limit: 1000) { items { rowID action itemCode quantity } } }"#
            : #"{ q: recipeStepsByRecipeIDAndPosition(recipeID: "r1", sortDirection: ASC, limit: 1000) { items { id position action itemCode quantity } } }"#
        let response = try emulator.graphQL(query)
        let items = try #require(response["data"]?["q"]?["items"]?.arrayValue, "\(response)")
        return items.map { item in
            Step(
                number: item[form.field]?.intValue ?? -1, action: item["action"]?.stringValue,
                itemCode: item["itemCode"]?.stringValue, quantity: item["quantity"]?.doubleValue,
                id: item["id"]?.stringValue)
        }
    }

    /// The seeded step N as it is after a move to `number`.
    func original(_ n: Int, at number: Int, _ form: Form) -> Step {
        Step(
            number: number, action: "step-\(n)", itemCode: "c-\(n)", quantity: Double(n),
            id: form == .index ? "s-\(n)" : nil)
    }

    func lines(_ stdout: String) throws -> [JSONValue] {
        try stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// A run that stopped part-way: exit `code`, its error line (after apply's summary on stderr)
    /// starting with `message`; stdout holds the JSON lines of what was done and undone.
    func expectStopped(
        _ result: ProcessResult, _ code: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == code, "\(result)", sourceLocation: sourceLocation)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("gqlpatch: error: ") }
        #expect(errors.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(errors.first?.hasPrefix(message) == true, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    func insertArguments(_ form: Form) -> [String] {
        ["insert", "RecipeStep", "--key", "recipeID=r1", "--at", "\(form.field)=3", "--set", "action=Chop"]
    }

    @Test(arguments: Form.allCases)
    func insertAtThreeOnTenRowsMovesTheRestUpIntact(form: Form) throws {
        let emulator = try seeded(form)
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(insertArguments(form), schema: form.schema)
        #expect(result.status == 0, "\(result)")
        let printed = try lines(result.stdout)
        #expect(printed.count == 9, "eight moves and the new row\n\(result.stdout)")
        let first = try #require(printed.first)
        #expect(first["op"] == "moved")
        #expect(first["from"]?[form.field] == 10)
        #expect(first["to"]?[form.field] == 11)
        #expect(first["from"]?["recipeID"] == (form == .primaryKey ? "r1" : nil))
        #expect(first["from"]?["id"] == (form == .index ? "s-10" : nil))
        #expect(printed.dropLast().allSatisfy { $0["op"] == "moved" })
        #expect(printed.last?["action"] == "Chop")
        #expect(printed.last?[form.field] == 3)

        let after = try steps(emulator, form)
        #expect(after.map(\.number) == Array(1...11))
        var expected = [original(1, at: 1, form), original(2, at: 2, form)]
        expected.append(Step(number: 3, action: "Chop", itemCode: nil, quantity: nil, id: after[2].id))
        for n in 3...10 { expected.append(original(n, at: n + 1, form)) }
        #expect(after == expected)
        #expect(!result.stderr.contains("error"), "\(result.stderr)")
        // The summary names the command the user ran, not the batch engine under it.
        #expect(result.stderr.contains("gqlpatch: insert: done: "), "\(result.stderr)")
        #expect(!result.stderr.contains("gqlpatch: apply:"), "\(result.stderr)")
    }

    /// The seeding's requests (one create a row) count among the emulator's numbered requests.
    static let seeds = 10

    /// The number of the request that starts move `move` (1-based) of an insert, the seeding and the
    /// insert's one read of the rows before it.
    func firstRequest(ofMove move: Int, _ form: Form) -> Int {
        Self.seeds + 1 + (move - 1) * form.requestsPerMove + 1
    }

    @Test(arguments: Form.allCases)
    func aFaultAtTheFifthMoveRollsTheSequenceBack(form: Form) throws {
        let emulator = try seeded(form, arguments: ["--fail-request", "\(firstRequest(ofMove: 5, form))"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(insertArguments(form) + ["--max-attempts", "1"], schema: form.schema)
        expectStopped(
            result, 69, "gqlpatch: error: the insert failed and every move was undone, the sequence is as it was: ")
        let printed = try lines(result.stdout)
        #expect(printed.prefix(4).allSatisfy { $0["op"] == "moved" }, "\(result.stdout)")
        #expect(
            printed.filter { $0["status"] == "rolled_back" }.count == (form == .primaryKey ? 8 : 4), "\(result.stdout)")
        #expect(!printed.contains { $0["status"] == "rollback_failed" })
        #expect(try steps(emulator, form) == (1...10).map { original($0, at: $0, form) })
    }

    @Test(arguments: Form.allCases)
    func aConcurrentUpdateOfAMovedRowIsAConflictAndTheSequenceStaysWhole(form: Form) throws {
        // Another writer changes step 8 while the third move (8 -> 9) is under way: after the key
        // move's copy, or after the read before the update.
        let write: JSONValue =
            form == .primaryKey
            ? [
                "query":
                    #"mutation { updateRecipeStep(input: {recipeID: "r1", rowID: 8, action: "Theirs"}) { rowID } }"#
            ]
            : ["query": #"mutation { updateRecipeStep(input: {id: "s-8", action: "Theirs"}) { id } }"#]
        let emulator = try seeded(
            form, arguments: ["--write-after", "\(firstRequest(ofMove: 3, form)):\(write.serialized())"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(insertArguments(form), schema: form.schema)
        expectStopped(
            result, 2, "gqlpatch: error: the insert failed and every move was undone, the sequence is as it was: ")
        let printed = try lines(result.stdout)
        #expect(printed.contains { $0["status"] == "conflict" }, "\(result.stdout)")
        #expect(!printed.contains { $0["status"] == "rollback_failed" }, "\(result.stdout)")
        var expected = (1...10).map { original($0, at: $0, form) }
        expected[7].action = "Theirs"
        #expect(try steps(emulator, form) == expected, "the other writer's change is kept, nothing moved")
    }

    @Test(arguments: Form.allCases)
    func aKilledInsertIsFinishedByResume(form: Form) throws {
        let emulator = try seeded(form, arguments: ["--latency-ms", "40"])
        defer { emulator.stop() }
        let journal = emulator.folder.appendingPathComponent("insert.journal").path
        let base = ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", form.schema]
        let first = try ApplyProcess(base + insertArguments(form) + ["--journal", journal], in: emulator.folder)
        #expect(first.waitForOutput(lines: 3), "\(first.stderr)")
        first.signal(SIGKILL)
        #expect(try first.wait() == 128 + SIGKILL)
        let movedFirst = try lines(first.stdout)
        #expect(movedFirst.count < 9, "killed part-way: \(first.stdout)")

        let second = try ApplyProcess(base + ["insert", "--resume", journal], in: emulator.folder)
        #expect(try second.wait() == 0, "\(second.stderr)")
        let movedSecond = try lines(second.stdout)
        let moves = (movedFirst + movedSecond).filter { $0["op"] == "moved" }.compactMap {
            $0["from"]?[form.field]?.intValue
        }
        // A line is journaled before it is printed: a kill between the two loses one moved line.
        #expect(Set(moves).count == moves.count, "no move made twice across the kill: \(moves)")
        #expect(Set(moves).isSubset(of: Set(3...10)) && moves.count >= 7, "\(moves)")
        #expect(movedSecond.last?["action"] == "Chop")
        let after = try steps(emulator, form)
        var expected = [original(1, at: 1, form), original(2, at: 2, form)]
        expected.append(
            Step(number: 3, action: "Chop", itemCode: nil, quantity: nil, id: after.count > 2 ? after[2].id : nil))
        for n in 3...10 { expected.append(original(n, at: n + 1, form)) }
        #expect(after == expected)
    }

    @Test func usageErrorsAreRefusedBeforeAnythingIsRead() throws {
        let cases: [([String], String)] = [
            (
                ["insert", "RecipeStep", "--key", "recipeID=r1", "--set", "action=x"],
                "gqlpatch: error: insert needs the new row's place: --at FIELD=N"
            ),
            (
                ["insert", "RecipeStep", "--at", "rowID=3"],
                "gqlpatch: error: insert needs the sequence's parent: --key FIELD=VALUE"
            ),
            (
                ["insert", "RecipeStep", "--key", "recipeID=r1", "--at", "rowID=x"],
                "gqlpatch: error: --at expects a whole number from -2147483648 to 2147483647, got 'x'"
            ),
            (
                ["insert", "--resume", "j", "--at", "rowID=3"],
                "gqlpatch: error: --resume finishes the insert its journal recorded: --at cannot be given with it"
            ),
            (
                ["renumber", "RecipeStep", "--key", "recipeID=r1"],
                "gqlpatch: error: renumber needs the ordering field: --field FIELD"
            ),
            (
                ["renumber", "RecipeStep", "--key", "recipeID=r1", "--field", "rowID", "--step", "0"],
                "gqlpatch: error: --step expects a whole number from 1 to 2147483647, got '0'"
            ),
        ]
        for (arguments, message) in cases {
            try GQLPatchRun.run(["--endpoint", "http://127.0.0.1:9/graphql", "--api-key", "k"] + arguments)
                .expectFailure(64, message)
        }
    }

    @Test func aResumeWithoutItsPlanSaysWhichFileIsMissing() throws {
        let emulator = try seeded(.primaryKey, count: 1)
        defer { emulator.stop() }
        let journal = try emulator.file("lost.journal", "")
        try emulator.gqlpatch(["insert", "--resume", journal]).expectFailure(
            66, "gqlpatch: error: cannot read \(journal).plan: no such file")
    }

    @Test(arguments: Form.allCases)
    func renumberAfterDeletingTwoAndFiveGivesOneToEight(form: Form) throws {
        let emulator = try seeded(form)
        defer { emulator.stop() }
        for n in [2, 5] {
            let input = form == .primaryKey ? #"{recipeID: "r1", rowID: \#(n)}"# : #"{id: "s-\#(n)"}"#
            _ = try emulator.graphQL("mutation { deleteRecipeStep(input: \(input)) { recipeID } }")
        }
        let arguments = ["renumber", "RecipeStep", "--key", "recipeID=r1", "--field", form.field]
        let dry = try emulator.gqlpatch(["--dry-run"] + arguments, schema: form.schema)
        #expect(dry.status == 0, "\(dry)")
        let planned = try lines(dry.stdout)
        #expect(planned.map { $0["from"]?[form.field]?.intValue ?? 0 } == [3, 4, 6, 7, 8, 9, 10])
        #expect(planned.map { $0["to"]?[form.field]?.intValue ?? 0 } == [2, 3, 4, 5, 6, 7, 8])
        #expect(planned.allSatisfy { $0["op"] == "move" })
        let kept = [1, 3, 4, 6, 7, 8, 9, 10]
        #expect(try steps(emulator, form) == kept.map { original($0, at: $0, form) }, "the dry run wrote nothing")

        let result = try emulator.gqlpatch(arguments, schema: form.schema)
        #expect(result.status == 0, "\(result)")
        #expect(try lines(result.stdout).count == 7)
        #expect(try steps(emulator, form) == kept.enumerated().map { original($1, at: $0 + 1, form) })
    }
}

/// `insert` on a versioned model whose number is in the key (conflict detection on): its deletes leave
/// tombstones, so an in-place insert is refused before anything is sent, and `--via-gap` moves the rows
/// above every number used, copies first and the old keys' deletes after, highest first.
@Suite struct VersionedSequenceMoveEndToEndTests {
    static let optimistic = ["--conflict-handler", "optimistic"]

    /// A versioned emulator and its compiled schema, with r1's steps 1...7 of which 6 and 7 are
    /// deleted (tombstones): 9 requests.
    func seeded(arguments: [String] = []) throws -> (Emulator, String) {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + Self.optimistic + arguments)
        let schema = try Emulator.compiledSchema(arguments: Self.optimistic, into: emulator.folder)
        for number in 1...7 {
            _ = try emulator.create(
                "RecipeStep", ["recipeID": "r1", "rowID": .int(number), "action": .string("step-\(number)")],
                select: "rowID")
        }
        for number in [6, 7] {
            let response = try emulator.graphQL(
                #"mutation { deleteRecipeStep(input: {recipeID: "r1", rowID: \#(number), _version: 1}) { _deleted } }"#)
            #expect(response["data"]?["deleteRecipeStep"]?["_deleted"] == true, "\(response)")
        }
        return (emulator, schema)
    }

    /// r1's live steps in order: "number:action".
    func steps(_ emulator: Emulator) throws -> [String] {
        let response = try emulator.graphQL(
            #"{ listRecipeSteps(recipeID: "r1", sortDirection: ASC) { items { rowID action _deleted } } }"#)
        let items = response["data"]?["listRecipeSteps"]?["items"]?.arrayValue ?? []
        return items.filter { $0["_deleted"] != true }.map {
            "\($0["rowID"]?.intValue ?? -1):\($0["action"]?.stringValue ?? "-")"
        }
    }

    func mutations(_ emulator: Emulator) throws -> Int {
        try emulator.bodies().filter { $0["query"]?.stringValue?.contains("mutation") == true }.count
    }

    static let insert = ["insert", "RecipeStep", "--key", "recipeID=r1", "--at", "rowID=3", "--set", "action=Chop"]

    @Test func anInPlaceInsertIsRefusedBeforeAnythingIsSent() throws {
        let (emulator, schema) = try seeded()
        defer { emulator.stop() }
        let before = try mutations(emulator)
        let result = try emulator.gqlpatch(Self.insert, schema: schema)
        result.expectFailure(
            65,
            "gqlpatch: error: RecipeStep recipeID=r1: the insert would write RecipeStep rowID=6, which a deleted row's tombstone holds"
        )
        #expect(result.stderr.contains("--via-gap"), "\(result.stderr)")
        #expect(try mutations(emulator) == before, "nothing was sent")
    }

    @Test func viaAGapTheRowsMoveAboveEveryNumberUsedTombstonesIncluded() throws {
        let (emulator, schema) = try seeded()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.insert + ["--via-gap"], schema: schema)
        #expect(result.status == 0, "\(result)")
        let moved = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(moved.compactMap { $0["to"]?["rowID"]?.intValue } == [11, 10, 9], "\(result.stdout)")
        #expect(moved.last?["rowID"] == 8)
        #expect(try steps(emulator) == ["1:step-1", "2:step-2", "8:Chop", "9:step-3", "10:step-4", "11:step-5"])
    }

    @Test func aKilledInsertViaAGapIsFinishedByResume() throws {
        let (emulator, schema) = try seeded(arguments: ["--latency-ms", "40"])
        defer { emulator.stop() }
        let journal = emulator.folder.appendingPathComponent("gap.journal").path
        let base = ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema]
        let first = try ApplyProcess(base + Self.insert + ["--via-gap", "--journal", journal], in: emulator.folder)
        #expect(first.waitForOutput(lines: 1), "\(first.stderr)")
        first.signal(SIGKILL)
        #expect(try first.wait() == 128 + SIGKILL)
        #expect(first.stdout.split(separator: "\n").count < 4, "killed part-way: \(first.stdout)")
        let second = try ApplyProcess(base + ["insert", "--resume", journal], in: emulator.folder)
        #expect(try second.wait() == 0, "\(second.stderr)")
        #expect(try steps(emulator) == ["1:step-1", "2:step-2", "8:Chop", "9:step-3", "10:step-4", "11:step-5"])
    }

    @Test func renumberMovesOnlyAboveEveryNumberUsed() throws {
        let (emulator, schema) = try seeded()
        defer { emulator.stop() }
        let arguments = ["renumber", "RecipeStep", "--key", "recipeID=r1", "--field", "rowID", "--step", "2"]
        let before = try mutations(emulator)
        let refused = try emulator.gqlpatch(arguments, schema: schema)
        refused.expectFailure(
            65,
            // The rows move up, highest first: 5 -> 9 is free, 4 -> 7 meets a tombstone.
            "gqlpatch: error: RecipeStep recipeID=r1: the renumber would write RecipeStep rowID=7, which a deleted row's tombstone holds"
        )
        #expect(refused.stderr.contains("--start 8 or more"), "\(refused.stderr)")
        #expect(try mutations(emulator) == before, "nothing was sent")
        let result = try emulator.gqlpatch(arguments + ["--start", "8"], schema: schema)
        #expect(result.status == 0, "\(result)")
        #expect(try steps(emulator) == ["8:step-1", "10:step-2", "12:step-3", "14:step-4", "16:step-5"])
    }

    @Test func aConcurrentUpdateDuringTheDeletesRemovesTheCopiesOfTheRowsNotMoved() throws {
        // 9 seeding requests, the read, three copies, then the delete of step 5 (request 14): another
        // writer changes step 4 right after it.
        let write: JSONValue = [
            "query":
                #"mutation { updateRecipeStep(input: {recipeID: "r1", rowID: 4, action: "Theirs", _version: 1}) { rowID } }"#
        ]
        let (emulator, schema) = try seeded(arguments: ["--write-after", "14:\(write.serialized())"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.insert + ["--via-gap"], schema: schema)
        #expect(result.status == 2, "\(result)")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("gqlpatch: error: ") }
        #expect(
            errors.first?.hasPrefix("gqlpatch: error: the insert failed; the rows it had not moved keep their numbers")
                == true, "\(result.stderr)")
        #expect(try steps(emulator) == ["1:step-1", "2:step-2", "3:step-3", "4:Theirs", "11:step-5"])
    }
}
