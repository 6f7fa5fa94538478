import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct ResponseKeyCheckTests {
    let step = OperationsFixtures.recipeStep

    @Test func theRequestedKeyPasses() throws {
        try ResponseKeyCheck.check(
            ["recipeID": "r1", "stepNumber": 3, "name": "x"], model: step, key: ["recipeID": "r1", "stepNumber": 3],
            field: "getRecipeStep")
        // A number written as a float is the same key.
        try ResponseKeyCheck.check(
            ["recipeID": "r1", "stepNumber": 3.0], model: step, key: ["recipeID": "r1", "stepNumber": 3],
            field: "getRecipeStep")
        // Only the fields asked for are compared (a create leaves the server's to the server).
        try ResponseKeyCheck.check(
            ["recipeID": "r1", "stepNumber": 9], model: step, key: ["recipeID": "r1"], field: "createRecipeStep")
    }

    @Test(arguments: [
        (
            ["recipeID": "r1", "stepNumber": 4] as JSONObject,
            "getRecipeStep returned RecipeStep recipeID=r1 stepNumber=4, not the requested RecipeStep recipeID=r1 stepNumber=3"
        ),
        (
            ["recipeID": "OTHER", "stepNumber": 3] as JSONObject,
            "getRecipeStep returned RecipeStep recipeID=OTHER stepNumber=3, not the requested RecipeStep recipeID=r1 stepNumber=3"
        ),
        (
            ["stepNumber": 3] as JSONObject,
            "getRecipeStep returned RecipeStep recipeID=null stepNumber=3, not the requested RecipeStep recipeID=r1 stepNumber=3"
        ),
        (
            ["recipeID": "r1", "stepNumber": "3"] as JSONObject,
            #"getRecipeStep returned RecipeStep {"recipeID":"r1","stepNumber":"3"}, not the requested RecipeStep {"recipeID":"r1","stepNumber":3}"#
        ),
    ])
    func anotherKeyIsRefusedWithBothKeys(_ record: JSONObject, _ message: String) {
        do {
            try ResponseKeyCheck.check(
                record, model: step, key: ["recipeID": "r1", "stepNumber": 3], field: "getRecipeStep")
            Issue.record("another record's key was accepted")
        } catch {
            #expect(error.code == .badResponse)
            #expect(error.message == message)
        }
    }
}
