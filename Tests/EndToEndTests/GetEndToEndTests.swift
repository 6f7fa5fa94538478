import Foundation
import JSON
import Testing

/// `gqlpatch get` against the local emulator.
@Suite struct GetEndToEndTests {
    @Test func printsTheRecordAndTheSelection() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("RecipeStep", ["recipeID": "r1", "rowID": 3, "action": "stir"], select: "recipeID")
        let result = try emulator.gqlpatch(["get", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3"])
        #expect(result.status == 0, "\(result)")
        let record = try result.json()
        #expect(record["action"] == "stir")
        #expect(record["rowID"] == .int(3))
        #expect(record["createdAt"]?.stringValue != nil)
        let selected = try emulator.gqlpatch([
            "get", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3", "--select", "action",
        ])
        #expect(try selected.json() == ["recipeID": "r1", "rowID": .int(3), "action": "stir"])
        let envelope = try emulator.gqlpatch([
            "--output", "envelope", "get", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3", "--select",
            "action",
        ])
        #expect(try envelope.json()["data"]?["getRecipeStep"]?["action"] == "stir")
    }

    @Test func missingRecordIsExitThree() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["get", "Item", "--id", "nope"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "gqlpatch: error: no Item id=nope\n")
    }

    @Test func softDeletedRecordIsNotFoundUnlessIncluded() throws {
        let (emulator, compiled) = try RecordCommandSupport.versionedEmulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "gone", "name": "Old"])
        let deleted = try emulator.gqlpatch(["delete", "Item", "--id", "gone"], schema: compiled)
        #expect(deleted.status == 0, "\(deleted)")
        let hidden = try emulator.gqlpatch(["get", "Item", "--id", "gone"], schema: compiled)
        #expect(hidden.status == 3, "\(hidden)")
        #expect(
            hidden.stderr == "gqlpatch: error: Item id=gone is deleted (_deleted: true); --include-deleted prints it\n")
        let shown = try emulator.gqlpatch(
            ["get", "Item", "--id", "gone", "--include-deleted", "--select", "name"], schema: compiled)
        #expect(shown.status == 0, "\(shown)")
        #expect(try shown.json() == ["id": "gone", "name": "Old", "_version": .int(2)])
    }

    @Test func badKeySendsNothing() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch(["get", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=three"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: RecipeStep.rowID: expected an Int, got \"three\""))
        #expect(try emulator.requests().count == before)
    }
}
