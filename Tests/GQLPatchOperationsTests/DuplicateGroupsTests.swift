import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `DuplicateGroups` (`dups`, issue 18 #4): groups of two or more live records equal in the fields
/// named, in reading order; an absent value is null; tombstones are not records.
@Suite struct DuplicateGroupsTests {
    static let model: Model = {
        do {
            return try CatalogueLoader.load(path: Fixture.repositorySchema, files: .local).models["RecipeStep"]!
        } catch {
            fatalError("\(error)")
        }
    }()

    static func finder(_ fields: [String]) throws(GQLPatchError) -> DuplicateGroups {
        try DuplicateGroups(model: model, fields: fields, source: .groupBy, wording: SourceNameWording())
    }

    @Test func equalRecordsAreGroupedInReadingOrder() throws {
        let records: [JSONObject] = [
            ["recipeID": "r1", "rowID": 1, "itemCode": "a", "action": "Stir"],
            ["recipeID": "r1", "rowID": 2, "itemCode": "b"],
            ["recipeID": "r1", "rowID": 3, "itemCode": "a", "action": "Stir"],
            ["recipeID": "r1", "rowID": 4, "itemCode": "b", "action": .null],
            ["recipeID": "r1", "rowID": 5, "itemCode": "a", "action": "Stir", "_deleted": true],
            ["recipeID": "r1", "rowID": 6, "itemCode": "c", "action": "Stir"],
        ]
        let groups = try Self.finder(["itemCode", "action"]).groups(records)
        #expect(
            groups == [
                DuplicateGroups.Group(
                    values: ["itemCode": "a", "action": "Stir"],
                    keys: [["recipeID": "r1", "rowID": 1], ["recipeID": "r1", "rowID": 3]]),
                DuplicateGroups.Group(
                    values: ["itemCode": "b", "action": .null],
                    keys: [["recipeID": "r1", "rowID": 2], ["recipeID": "r1", "rowID": 4]]),
            ])
        #expect(try Self.finder(["rowID"]).groups(records).isEmpty)
    }

    @Test func anUnknownFieldOrARelationshipIsRefused() {
        #expect(throws: GQLPatchError.self) { try Self.finder(["acton"]) }
        do {
            _ = try Self.finder(["recipe"])
            Issue.record("a relationship was accepted")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(
                error.message
                    == "groupBy field recipe: RecipeStep.recipe is a relationship; compare its key fields instead")
        }
    }
}
