import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct QueryDocumentCheckerTests {
    private func checker(schema: Bool = true) -> QueryDocumentChecker {
        let catalogue = schema ? RecordCommandFixtures.catalogue : ModelCatalogue(origin: .compiledSchema)
        let roots = schema ? RootFieldTable(catalogue: catalogue, sdl: nil, file: "schema.graphql") : nil
        return QueryDocumentChecker(
            file: "<argument>", catalogue: catalogue, roots: roots, readFile: RecordCommandFixtures.noFiles,
            wording: SourceNameWording())
    }

    private func check(
        _ text: String, operation: String? = nil, variables: [FieldAssignment] = [], schema: Bool = true
    ) throws(GQLPatchError) -> QueryDocumentChecker.Checked {
        let document: Document
        do {
            document = try Parser.parse(text, file: "<argument>")
        } catch {
            throw .invalidInput(error.description)
        }
        return try checker(schema: schema).check(document, operationName: operation, variables: variables)
    }

    @Test func typesVariablesFromTheirDefinitions() throws {
        let checked = try check(
            "query Q($r: ID!, $n: Int, $f: ModelRecipeStepFilterInput) { listRecipeSteps(recipeID: $r, limit: $n, filter: $f) { items { rowID } } }",
            variables: [
                FieldAssignment(field: "r", value: .text("00123")), FieldAssignment(field: "n", value: .text("5")),
                FieldAssignment(field: "f", value: .json("{\"rowID\": {\"gt\": 2}}")),
            ])
        #expect(checked.operation.name == "Q")
        #expect(checked.variables == JSONObject([("r", "00123"), ("n", .int(5)), ("f", ["rowID": ["gt": .int(2)]])]))
    }

    @Test func choosesTheNamedOperation() throws {
        let checked = try check(
            "query A { listItems { items { id } } } mutation B($i: DeleteItemInput!) { deleteItem(input: $i) { id } }",
            operation: "B", variables: [FieldAssignment(field: "i", value: .json("{\"id\": \"1\"}"))])
        #expect(checked.operation.name == "B")
        #expect(checked.variables == JSONObject([("i", ["id": "1"])]))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var document: String
        var operation: String?
        var variables: [FieldAssignment] = []
        var schema = true
        var code: ExitCode = .invalidInput
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        BadCase(
            document: "{ getItm(id: \"1\") { id } }",
            message: "<argument>:1:3: error: Query has no field 'getItm' (did you mean 'getItem'?)"),
        BadCase(
            document: "{ listItems(limt: 1) { items { id } } }",
            message: "<argument>:1:13: error: Query.listItems has no argument 'limt' (did you mean 'limit'?)"),
        BadCase(
            document: "mutation { updateItm(input: {}) { id } }",
            message: "<argument>:1:12: error: Mutation has no field 'updateItm' (did you mean 'updateItem'?)"),
        BadCase(
            document: "query Q {\n  getItem(id: $id) { id }\n}",
            message: "<argument>:2:11: error: variable $id is not declared by operation Q"),
        BadCase(
            document: "query Q($id: ID!, $x: Int) { getItem(id: $id) { id } }",
            variables: [FieldAssignment(field: "id", value: .text("1"))],
            message: "<argument>:1:19: error: variable $x is declared but not used"),
        BadCase(
            document: "query Q($id: ID!) { getItem(id: $id) { id } }",
            message: "<argument>:1:9: error: variable $id (ID!) is required: give variable id"),
        BadCase(
            document: "query Q($id: ID!) { getItem(id: $id) { id } }",
            variables: [FieldAssignment(field: "idd", value: .text("1"))],
            message: "variable field idd: operation Q declares no variable $idd (it declares $id)"),
        BadCase(
            document: "query Q($n: Int) { listItems(limit: $n) { items { id } } }",
            variables: [FieldAssignment(field: "n", value: .text("five"))],
            message: "$n: expected an Int, got \"five\""),
        BadCase(
            document: "query Q($n: Nope) { listItems(limit: $n) { items { id } } }",
            message: "<argument>:1:9: error: variable $n: unknown type Nope"),
        BadCase(
            document: "query A { listItems { items { id } } } query B { listItems { items { id } } }", code: .usage,
            message: "the document has 2 operations (A, B); choose one with operation NAME"),
        BadCase(
            document: "query A { listItems { items { id } } }", operation: "C",
            message: "operation C: the document has no operation named C (it has A)"),
        BadCase(
            document: "type T { a: Int }",
            message: "<argument>:1:1: error: a query document holds operations and fragments, not type definitions"),
        BadCase(
            document: "subscription S { onCreateItem { id } }",
            message:
                "<argument>:1:1: error: subscriptions are not served over HTTP; gqlpatch sends queries and mutations"),
        BadCase(
            document: "{ anything(x: $v) }", schema: false,
            message: "<argument>:1:12: error: variable $v is not declared by the operation"),
    ])
    func refusals(_ bad: BadCase) {
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try check(bad.document, operation: bad.operation, variables: bad.variables, schema: bad.schema)
        }
        #expect(error?.code == bad.code)
        #expect(error?.message == bad.message)
    }

    @Test func withoutASchemaAnyRootFieldIsAccepted() throws {
        let checked = try check(
            "query Q($n: Int) { whatever(n: $n) { x } }", variables: [FieldAssignment(field: "n", value: .text("2"))],
            schema: false)
        #expect(checked.variables == JSONObject([("n", .int(2))]))
    }
}
