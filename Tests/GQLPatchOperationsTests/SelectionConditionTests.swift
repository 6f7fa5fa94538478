import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// A selection's filter as the condition of each write to a record it picked.
@Suite struct SelectionConditionTests {
    private let converter = SelectionCondition(catalogue: RecordCommandFixtures.catalogue, wording: SourceNameWording())

    @Test func aFieldsTestsBecomeTheConditionAsTheyAre() throws {
        let filter: JSONValue = ["and": [["description": ["eq": "draft"]], ["name": ["beginsWith": "A"]]]]
        let condition = try converter.condition(model: RecordCommandFixtures.model("Item"), filter: filter)
        #expect(condition == filter)
    }

    /// The condition input has no `id`: a key test every record passes is left out (a key never
    /// changes), and nothing is left of a selection by key alone.
    @Test func aKeyTestAtTheTopIsLeftOut() throws {
        let item = RecordCommandFixtures.model("Item")
        let keyOnly: JSONValue = ["id": ["beginsWith": "r"]]
        #expect(try converter.condition(model: item, filter: keyOnly) == nil)
        let mixed: JSONValue = ["and": [["id": ["beginsWith": "r"]], ["description": ["eq": "d"]]]]
        #expect(try converter.condition(model: item, filter: mixed) == ["and": [["description": ["eq": "d"]]]])
        let step = RecordCommandFixtures.model("RecipeStep")
        let composite: JSONValue = ["recipeID": ["eq": "r1"], "quantity": ["gt": .double(2)]]
        #expect(try converter.condition(model: step, filter: composite) == ["quantity": ["gt": .double(2)]])
        #expect(try converter.condition(model: item, filter: nil) == nil)
    }

    /// Under `or` or `not` a key test decides which records pass, so it cannot be left out: refused.
    @Test(arguments: [
        ["or": [["id": ["eq": "a"]], ["description": ["eq": "d"]]]] as JSONValue,
        ["not": ["id": ["eq": "a"]]] as JSONValue,
    ])
    func aKeyTestUnderOrOrNotIsRefused(filter: JSONValue) throws {
        let error = RecordCommandFixtures.error {
            () throws(GQLPatchError) in
            try converter.condition(model: RecordCommandFixtures.model("Item"), filter: filter)
        }
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message.hasPrefix(#"filter: ModelItemConditionInput cannot test "id" as the selection does"#)
                == true,
            "\(String(describing: error))")
    }
}
