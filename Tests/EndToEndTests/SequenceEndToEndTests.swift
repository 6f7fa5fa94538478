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
        #expect(try emulator.requests().count == before)
    }
}
