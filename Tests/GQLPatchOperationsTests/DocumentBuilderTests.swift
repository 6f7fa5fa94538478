import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct DocumentBuilderTests {
    let documents = DocumentBuilder()
    let item = OperationsFixtures.item
    let step = OperationsFixtures.recipeStep
    let selection = SelectionSet(fields: [
        SelectionSet.Field(name: "id"), SelectionSet.Field(name: "name"),
        SelectionSet.Field(
            name: "imageFile",
            subselection: SelectionSet(fields: [SelectionSet.Field(name: "bucket"), SelectionSet.Field(name: "key")])),
        SelectionSet.Field(name: "_version"),
    ])
    let stepSelection = SelectionSet(fields: [
        SelectionSet.Field(name: "recipeID"), SelectionSet.Field(name: "stepNumber"), SelectionSet.Field(name: "text"),
    ])

    @Test func getItem() throws {
        let request = try documents.getQuery(model: item, selection: selection, key: ["id": "i1"])
        #expect(
            request.query
                == "query GetItem($id: ID!) { getItem(id: $id) { id name imageFile { bucket key } _version } }")
        #expect(request.variables == ["id": "i1"])
        #expect(request.operationName == "GetItem")
        #expect(
            request.json() == [
                "query": "query GetItem($id: ID!) { getItem(id: $id) { id name imageFile { bucket key } _version } }",
                "variables": ["id": "i1"], "operationName": "GetItem",
            ])
    }

    /// A batch's documents come from one remembered text while the inputs stay the same: a change
    /// of selection, model, kind or condition writes the document afresh (tests run in parallel and
    /// share the memo, so each expectation is the whole document).
    @Test func rememberedDocumentsFollowTheirInputs() throws {
        let input: JSONObject = ["id": "i1", "name": "n"]
        let small = SelectionSet(fields: [SelectionSet.Field(name: "id")])
        let full =
            "mutation UpdateItem($input: UpdateItemInput!) { updateItem(input: $input) { id name imageFile { bucket key } _version } }"
        let brief = "mutation UpdateItem($input: UpdateItemInput!) { updateItem(input: $input) { id } }"
        for _ in 0..<3 {
            #expect(try documents.updateMutation(model: item, selection: selection, input: input).query == full)
            #expect(try documents.updateMutation(model: item, selection: selection, input: input).query == full)
            #expect(try documents.updateMutation(model: item, selection: small, input: input).query == brief)
            #expect(
                try documents.deleteMutation(model: item, selection: small, input: ["id": "i1"]).query
                    == "mutation DeleteItem($input: DeleteItemInput!) { deleteItem(input: $input) { id } }")
            #expect(
                try documents.updateMutation(
                    model: item, selection: small, input: input, condition: ["name": ["eq": "n"]]
                )
                .query
                    == "mutation UpdateItem($input: UpdateItemInput!, $condition: ModelItemConditionInput) { updateItem(input: $input, condition: $condition) { id } }"
            )
            #expect(
                try documents.getQuery(model: item, selection: small, key: ["id": "i1"]).query
                    == "query GetItem($id: ID!) { getItem(id: $id) { id } }")
        }
    }

    /// `encoded()` is `json()` written out, byte for byte, with and without an operation name.
    @Test func encodedBodyIsTheJSONBody() throws {
        let request = try documents.updateMutation(
            model: item, selection: selection, input: ["id": "i1", "name": "a \"quoted\" \\ name\n\u{1}é"])
        var bytes: [UInt8] = []
        request.json().write(to: &bytes, pretty: false)
        #expect(request.encoded() == bytes)
        var unnamed = request
        unnamed.operationName = nil
        bytes = []
        unnamed.json().write(to: &bytes, pretty: false)
        #expect(unnamed.encoded() == bytes)
        #expect(String(decoding: unnamed.encoded(), as: UTF8.self).hasPrefix(#"{"query":"mutation UpdateItem("#))
    }

    @Test func getCompositeKey() throws {
        let request = try documents.getQuery(
            model: step, selection: stepSelection, key: ["recipeID": "r1", "stepNumber": 2])
        #expect(
            request.query
                == "query GetRecipeStep($recipeID: ID!, $stepNumber: Int!) { getRecipeStep(recipeID: $recipeID, stepNumber: $stepNumber) { recipeID stepNumber text } }"
        )
        #expect(request.variables.keys == ["recipeID", "stepNumber"])
        #expect(request.variables == ["recipeID": "r1", "stepNumber": 2])
        let missing = OperationsFixtures.error { () throws(GQLPatchError) in
            try documents.getQuery(model: step, selection: stepSelection, key: ["recipeID": "r1"])
        }
        #expect(missing?.message == "RecipeStep: no value for stepNumber, an argument of getRecipeStep")
    }

    @Test func updateWithAndWithoutCondition() throws {
        let input: JSONObject = ["id": "i1", "name": "n", "_version": 3]
        let plain = try documents.updateMutation(model: item, selection: selection, input: input, condition: nil)
        #expect(
            plain.query
                == "mutation UpdateItem($input: UpdateItemInput!) { updateItem(input: $input) { id name imageFile { bucket key } _version } }"
        )
        #expect(plain.variables == ["input": ["id": "i1", "name": "n", "_version": 3]])
        #expect(plain.operationName == "UpdateItem")

        let conditional = try documents.updateMutation(
            model: item, selection: selection, input: input, condition: ["count": ["eq": 1]])
        #expect(
            conditional.query
                == "mutation UpdateItem($input: UpdateItemInput!, $condition: ModelItemConditionInput) { updateItem(input: $input, condition: $condition) { id name imageFile { bucket key } _version } }"
        )
        #expect(
            conditional.variables == [
                "input": ["id": "i1", "name": "n", "_version": 3], "condition": ["count": ["eq": 1]],
            ])
    }

    @Test func createAndDeleteCompositeKey() throws {
        let key: JSONObject = ["recipeID": "r1", "stepNumber": 2]
        let delete = try documents.deleteMutation(model: step, selection: stepSelection, input: key)
        #expect(
            delete.query
                == "mutation DeleteRecipeStep($input: DeleteRecipeStepInput!) { deleteRecipeStep(input: $input) { recipeID stepNumber text } }"
        )
        #expect(delete.variables == ["input": ["recipeID": "r1", "stepNumber": 2]])
        let create = try documents.createMutation(
            model: step, selection: stepSelection, input: ["recipeID": "r1", "stepNumber": 2, "text": "t"])
        #expect(
            create.query
                == "mutation CreateRecipeStep($input: CreateRecipeStepInput!) { createRecipeStep(input: $input) { recipeID stepNumber text } }"
        )
        #expect(create.operationName == "CreateRecipeStep")
    }

    @Test func listDeclaresOnlyTheArgumentsUsed() throws {
        let request = try documents.listQuery(
            model: step, selection: stepSelection, arguments: ["limit": 10, "recipeID": "r1", "sortDirection": "DESC"])
        #expect(
            request.query
                == "query ListRecipeStep($recipeID: ID, $limit: Int, $sortDirection: ModelSortDirection) { listRecipeSteps(recipeID: $recipeID, limit: $limit, sortDirection: $sortDirection) { items { recipeID stepNumber text } nextToken } }"
        )
        #expect(request.variables == ["recipeID": "r1", "limit": 10, "sortDirection": "DESC"])
        let bare = try documents.listQuery(model: item, selection: selection, arguments: [:])
        #expect(
            bare.query
                == "query ListItem { listItems { items { id name imageFile { bucket key } _version } nextToken } }")
        #expect(bare.variables.isEmpty)
        let unknown = OperationsFixtures.error { () throws(GQLPatchError) in
            try documents.listQuery(model: item, selection: selection, arguments: ["first": 1])
        }
        #expect(unknown?.message == "listItems has no argument first (it takes: filter, limit, nextToken)")
    }

    @Test func missingOperationsAreRefused() {
        let log = OperationsFixtures.auditLog
        let update = OperationsFixtures.error { () throws(GQLPatchError) in
            try documents.updateMutation(model: log, selection: stepSelection, input: ["id": "a"])
        }
        #expect(update?.code == .invalidInput)
        #expect(update?.message == "the API has no update operation for AuditLog")
        #expect(
            OperationsFixtures.error { () throws(GQLPatchError) in
                try documents.deleteMutation(model: log, selection: stepSelection, input: ["id": "a"])
            }?.message == "the API has no delete operation for AuditLog")
        #expect(
            OperationsFixtures.error { () throws(GQLPatchError) in
                try documents.listQuery(model: log, selection: stepSelection, arguments: [:])
            }?.message == "the API has no list operation for AuditLog")
        #expect(
            OperationsFixtures.error { () throws(GQLPatchError) in
                try documents.updateMutation(
                    model: OperationsFixtures.recipe, selection: stepSelection, input: ["id": "a"],
                    condition: ["title": ["eq": "x"]])
            }?.message == "the API's updateRecipe takes no condition")
    }
}
