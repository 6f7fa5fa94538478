import Foundation
import JSON
import Testing

/// Sequences (issue 18) against the emulator, in both forms of the recipe schema: the repository's
/// (RecipeStep keyed by recipeID + rowID) and the index form (keyed by id, `position` sorted by the
/// byRecipe index): `create --next`, `dups`.
@Suite struct SequenceEndToEndTests {
    /// A form of the recipe schema: the schema file and the field that numbers a recipe's steps.
    struct Form: Sendable, CustomTestStringConvertible {
        var schema: String
        var field: String
        var testDescription: String { field == "rowID" ? "primary-key form" : "index form" }
    }

    static let forms = [
        Form(schema: TestPaths.schema, field: "rowID"),
        Form(schema: TestPaths.fixture("sequences/schema.graphql"), field: "position"),
    ]

    /// Eight writers at once on one recipe: each gets its own number, and together 1 to 8 (a writer
    /// whose number was taken reads again and takes the next).
    @Test(arguments: forms)
    func eightConcurrentNextCreatesGetEightConsecutiveNumbers(_ form: Form) throws {
        let emulator = try Emulator(schema: form.schema)
        defer { emulator.stop() }
        let runs = (1...8).map { writer in
            [
                "--compact", "create", "RecipeStep", "--key", "recipeID=r1", "--next", form.field, "--set",
                "action=Step \(writer)",
            ]
        }
        let results = try ConcurrentRuns.run(emulator, runs, schema: form.schema)
        var numbers: [Int] = []
        for (writer, result) in results.enumerated() {
            let record = try result.singleDocument()
            #expect(record["action"] == .string("Step \(writer + 1)"))
            #expect(record["recipeID"] == "r1")
            numbers.append(try #require(record[form.field]?.intValue, "\(result)"))
        }
        #expect(numbers.sorted() == Array(1...8), "\(numbers)")
        let listed = try emulator.gqlpatch(["list", "RecipeStep", "--where", "recipeID=r1"], schema: form.schema)
        #expect(listed.status == 0, "\(listed)")
        let stored = try listed.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))[form.field] }
        #expect(stored == (1...8).map { .int($0) }, "one record per number, in order")
    }

    /// A versioned model's deletes leave tombstones: the next number is past the tombstone's, never
    /// its number again; an empty recipe starts at --start.
    @Test func aTombstonesNumberIsNeverReused() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--conflict-handler", "optimistic"])
        defer { emulator.stop() }
        let next = [
            "--conflict-resolution", "on", "create", "RecipeStep", "--key", "recipeID=r1", "--next", "rowID", "--set",
            "action=Stir",
        ]
        #expect(try emulator.gqlpatch(next + ["--start", "5"]).singleDocument()["rowID"] == 5)
        #expect(try emulator.gqlpatch(next).singleDocument()["rowID"] == 6)
        let deleted = try emulator.gqlpatch([
            "--conflict-resolution", "on", "delete", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=6",
        ])
        #expect(deleted.status == 0, "\(deleted)")
        #expect(try emulator.gqlpatch(next).singleDocument()["rowID"] == 7)
    }

    @Test func aFieldNoKeySortsIsRefusedBeforeSending() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        try emulator.gqlpatch([
            "create", "RecipeStep", "--key", "recipeID=r1", "--next", "quantity", "--set", "action=x",
        ])
        .expectFailure(
            65,
            "gqlpatch: error: --next quantity: RecipeStep.quantity is Float, not Int: a sequence is numbered by an Int field"
        )
        try emulator.gqlpatch(["create", "RecipeStep", "--next", "rowID", "--set", "action=x"])
            .expectFailure(64, "gqlpatch: error: --next needs --key FIELD=VALUE")
        try emulator.gqlpatch(["dups", "RecipeStep", "--key", "itemCode=flour", "--by", "action"])
            .expectFailure(65, "gqlpatch: error: dups reads one parent through a key query, never a scan")
        try emulator.gqlpatch(["dups", "RecipeStep", "--key", "recipeID=r1"])
            .expectFailure(64, "gqlpatch: error: dups needs --by FIELD,...")
        #expect(try emulator.requests().count == before)
    }

    /// A planted duplicate among a recipe's steps (read two a page) is found, exit 1; the same values
    /// in another recipe are not its duplicate; a recipe without one is exit 0 with nothing printed.
    @Test(arguments: forms)
    func dupsFindsAPlantedDuplicate(_ form: Form) throws {
        let emulator = try Emulator(schema: form.schema)
        defer { emulator.stop() }
        let steps: [(recipe: String, number: Int, item: String, action: String)] = [
            ("r1", 1, "flour", "Weigh"), ("r1", 2, "sugar", "Weigh"), ("r1", 3, "flour", "Sift"),
            ("r1", 4, "flour", "Weigh"), ("r2", 1, "flour", "Weigh"),
        ]
        var keys: [JSONValue] = []
        for step in steps {
            var input: JSONObject = [
                "recipeID": .string(step.recipe), .init(form.field): .int(step.number), "itemCode": .string(step.item),
                "action": .string(step.action),
            ]
            if form.field == "position" { input["id"] = .string("\(step.recipe)-\(step.number)") }
            try emulator.create("RecipeStep", input, select: "recipeID")
            keys.append(
                form.field == "position"
                    ? ["id": .string("\(step.recipe)-\(step.number)")]
                    : ["recipeID": .string(step.recipe), "rowID": .int(step.number)])
        }
        let found = try emulator.gqlpatch(
            ["dups", "RecipeStep", "--key", "recipeID=r1", "--by", "itemCode,action", "--page-size", "2"],
            schema: form.schema)
        #expect(found.status == 1, "\(found)")
        #expect(
            try JSONValue.parse(found.stdout) == [
                "values": ["itemCode": "flour", "action": "Weigh"], "keys": [keys[0], keys[3]],
            ])
        #expect(found.isOneLine)
        #expect(found.stderr == "gqlpatch: note: 1 group of duplicates (2 records) by itemCode, action\n")
        let none = try emulator.gqlpatch(
            ["dups", "RecipeStep", "--key", "recipeID=r2", "--by", "itemCode,action"], schema: form.schema)
        #expect(none.status == 0, "\(none)")
        #expect(none.stdout.isEmpty)
        let reads = try emulator.bodies().compactMap { $0["query"]?.stringValue }.filter { $0.contains("query List") }
        #expect(reads.allSatisfy { $0.contains("recipeID: $recipeID") }, "every read is a key query: \(reads)")
    }

    /// `apply`'s `"next"` lines, several in flight: each recipe's lines in input order, numbered one past
    /// its largest; the output names each record's own key. A journaled run refuses them.
    @Test(arguments: forms)
    func applyNextLinesNumberEachParentInOrder(_ form: Form) throws {
        let emulator = try Emulator(schema: form.schema)
        defer { emulator.stop() }
        let lines = [("r1", "Mix"), ("r2", "Rest"), ("r1", "Knead"), ("r1", "Bake")].map { recipe, action in
            #"{"op": "create", "model": "RecipeStep", "key": {"recipeID": "\#(recipe)"}, "next": "\#(form.field)", "start": 10, "set": {"action": "\#(action)"}}"#
        }
        let path = try emulator.file("next.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try emulator.gqlpatch(["apply", path, "-j", "4"], schema: form.schema)
        #expect(result.status == 0, "\(result)")
        var numbered: [String: Int] = [:]
        for text in result.stdout.split(separator: "\n") {
            let line = try JSONValue.parse(String(text))
            #expect(line["status"] == "created")
            let item = try #require(line["item"]?.objectValue)
            numbered["\(item["recipeID"]?.stringValue ?? "?") \(item["action"]?.stringValue ?? "?")"] =
                item[form.field]?.intValue
            if form.field == "rowID" {
                #expect(line["key"] == ["recipeID": item["recipeID"]!, "rowID": item["rowID"]!])
            }
        }
        #expect(numbered == ["r1 Mix": 10, "r1 Knead": 11, "r1 Bake": 12, "r2 Rest": 10])
        let before = try emulator.requests().count
        try emulator.gqlpatch(
            ["apply", path, "--journal", emulator.folder.appendingPathComponent("j").path], schema: form.schema
        )
        .expectFailure(65, "\(path):1: error: a \"next\" create cannot be journaled")
        #expect(try emulator.requests().count == before)
    }
}
