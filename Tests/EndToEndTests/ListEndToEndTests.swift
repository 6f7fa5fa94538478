import Foundation
import JSON
import Testing

/// `gqlpatch list` against the local emulator.
@Suite struct ListEndToEndTests {
    /// Steps of r1 created out of order (4, 1, 3, 5, 2), plus one step of r2.
    private func recipeSteps() throws -> Emulator {
        let emulator = try Emulator()
        for row in [4, 1, 3, 5, 2] {
            try emulator.create(
                "RecipeStep",
                ["recipeID": "r1", "rowID": .int(row), "action": .string("a\(row)"), "isAction": .bool(row % 2 == 0)],
                select: "recipeID")
        }
        try emulator.create("RecipeStep", ["recipeID": "r2", "rowID": 1, "action": "other"], select: "recipeID")
        return emulator
    }

    @Test func compositeKeyQueryComesBackBySortKeyAcrossPages() throws {
        let emulator = try recipeSteps()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "list", "RecipeStep", "--where", "recipeID=r1", "--page-size", "2", "--select", "action", "--pretty",
        ])
        #expect(result.status == 0, "\(result)")
        let lines = try RecordCommandSupport.lines(result)
        #expect(lines.map { $0["rowID"] } == [1, 2, 3, 4, 5].map { .int($0) })
        #expect(lines.first == ["recipeID": "r1", "rowID": .int(1), "action": "a1"])
        let pages = try RecordCommandSupport.bodies(emulator, containing: "listRecipeSteps")
        #expect(pages.count == 3)
        #expect(pages.first?["variables"] == ["recipeID": "r1", "limit": .int(2)])
        #expect(pages.dropFirst().allSatisfy { $0["variables"]?["nextToken"]?.stringValue != nil })
        let descending = try emulator.gqlpatch([
            "list", "RecipeStep", "--where", "recipeID=r1", "--sort", "desc", "--limit", "3",
        ])
        #expect(try RecordCommandSupport.lines(descending).map { $0["rowID"] } == [5, 4, 3].map { .int($0) })
        let one = try emulator.gqlpatch(["list", "RecipeStep", "--where", "recipeID=r1", "--where", "rowID=4"])
        #expect(try RecordCommandSupport.lines(one).map { $0["action"] } == ["a4"])
        #expect(
            try RecordCommandSupport.bodies(emulator, containing: "listRecipeSteps").last?["variables"] == [
                "recipeID": "r1", "rowID": ["eq": .int(4)],
            ])
    }

    @Test func whereAndFilterAreAnded() throws {
        let emulator = try recipeSteps()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "list", "RecipeStep", "--where", "isAction=true", "--filter", #"{"rowID": {"gt": 2}}"#, "--select", "rowID",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try RecordCommandSupport.lines(result) == [["recipeID": "r1", "rowID": .int(4)]])
        #expect(
            try RecordCommandSupport.bodies(emulator, containing: "listRecipeSteps").last?["variables"] == [
                "filter": ["and": [["isAction": ["eq": true]], ["rowID": ["gt": .int(2)]]]]
            ])
        let file = try emulator.file("filter.json", #"{"action": {"eq": "other"}}"#)
        let fromFile = try emulator.gqlpatch(["list", "RecipeStep", "--filter", "@\(file)", "--select", "action"])
        #expect(try RecordCommandSupport.lines(fromFile).map { $0["recipeID"] } == ["r2"])
    }

    @Test func softDeletedRecordsAreLeftOutUnlessIncluded() throws {
        let (emulator, compiled) = try RecordCommandSupport.versionedEmulator()
        defer { emulator.stop() }
        for id in ["k1", "k2", "k3"] { try emulator.create("Item", ["id": .string(id), "name": "x"]) }
        #expect(try emulator.gqlpatch(["delete", "Item", "--id", "k2"], schema: compiled).status == 0)
        let live = try emulator.gqlpatch(["list", "Item", "--select", "name"], schema: compiled)
        #expect(live.status == 0, "\(live)")
        #expect(try RecordCommandSupport.lines(live).map { $0["id"] } == ["k1", "k3"])
        #expect(try RecordCommandSupport.lines(live).allSatisfy { $0["_deleted"] == nil })
        let all = try emulator.gqlpatch(
            ["list", "Item", "--include-deleted", "--select", "name,_deleted"], schema: compiled)
        #expect(try RecordCommandSupport.lines(all).map { $0["_deleted"] } == [.null, true, .null])
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadCase(
            arguments: ["list", "RecipeStep", "--where", "acton=x"], status: 65,
            message:
                "gqlpatch: error: --where: ModelRecipeStepFilterInput has no field \"acton\"; did you mean \"action\"?\n"
        ),
        BadCase(
            arguments: ["list", "RecipeStep", "--filter", "{\"rowID\": {\"gt\": \"two\"}}"], status: 65,
            message: "gqlpatch: error: --filter.rowID.gt: expected an Int, got \"two\"\n"),
        BadCase(
            arguments: ["list", "RecipeStep", "--filter", "{\"rowID\": "], status: 65,
            message: "--filter:1:11: error: unexpected end of input"),
        BadCase(
            arguments: ["list", "RecipeStep", "--sort", "asc"], status: 65,
            message: "gqlpatch: error: --sort needs --where on RecipeStep's partition key (recipeID=VALUE)\n"),
        BadCase(
            arguments: ["list", "Recipes"], status: 65,
            message: "gqlpatch: error: unknown model 'Recipes' (did you mean 'Recipe'?)"),
        BadCase(
            arguments: ["list", "Item", "--filter", "@/nonexistent.json"], status: 66,
            message: "gqlpatch: error: cannot read /nonexistent.json: no such file\n"),
    ])
    func badInputSendsNothing(_ bad: BadCase) throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(bad.arguments)
        #expect(result.status == bad.status, "\(result)")
        #expect(result.stderr.hasPrefix(bad.message), "\(result)")
        #expect(try emulator.requests().isEmpty)
    }

    /// `--limit 2` asks the server for 2 records, not a whole page (issue 12 #19).
    @Test func limitIsSentWithTheRequest() throws {
        let emulator = try recipeSteps()
        defer { emulator.stop() }
        let two = try emulator.gqlpatch(["list", "RecipeStep", "--limit", "2", "--select", "action"])
        #expect(try RecordCommandSupport.lines(two).count == 2, "\(two)")
        #expect(
            try RecordCommandSupport.bodies(emulator, containing: "listRecipeSteps").map { $0["variables"]?["limit"] }
                == [.int(2)])
        let paged = try emulator.gqlpatch([
            "list", "RecipeStep", "--where", "recipeID=r1", "--limit", "3", "--page-size", "2",
        ])
        #expect(try RecordCommandSupport.lines(paged).map { $0["rowID"] } == [1, 2, 3].map { .int($0) })
        #expect(
            try RecordCommandSupport.bodies(emulator, containing: "listRecipeSteps").dropFirst().map {
                $0["variables"]?["limit"]
            } == [.int(2), .int(2)])
    }
}
