import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct ListArgumentsBuilderTests {
    private let builder = ListArgumentsBuilder(
        catalogue: RecordCommandFixtures.catalogue, readFile: RecordCommandFixtures.noFiles,
        wording: SourceNameWording())

    private func where_(_ pairs: [(String, FieldAssignment.Value)]) -> [FieldAssignment] {
        pairs.map { FieldAssignment(field: $0.0, value: $0.1) }
    }

    @Test func partitionAndSortKeyUseTheKeyArguments() throws {
        let arguments = try builder.arguments(
            model: RecordCommandFixtures.model("RecipeStep"),
            conditions: where_([("rowID", .text("3")), ("recipeID", .text("r1"))]),
            filter: nil, sort: .desc, pageSize: 2)
        #expect(
            arguments
                == JSONObject([
                    ("recipeID", "r1"), ("rowID", ["eq": .int(3)]), ("sortDirection", "DESC"), ("limit", .int(2)),
                ]))
    }

    @Test func otherFieldsAndTheFilterAreAndedIntoFilter() throws {
        let arguments = try builder.arguments(
            model: RecordCommandFixtures.model("RecipeStep"),
            conditions: where_([("action", .text("stir")), ("quantity", .text("2")), ("itemCode", .null)]),
            filter: ["rowID": ["gt": .int(3)]], sort: nil, pageSize: nil)
        #expect(
            arguments
                == JSONObject([
                    (
                        "filter",
                        [
                            "and": [
                                ["action": ["eq": "stir"]], ["quantity": ["eq": .double(2)]],
                                [
                                    "or": [
                                        ["itemCode": ["attributeExists": false]],
                                        ["itemCode": ["attributeType": "_null"]],
                                    ]
                                ],
                                ["rowID": ["gt": .int(3)]],
                            ]
                        ]
                    )
                ]))
    }

    /// `--limit` caps each request too, so a page no larger than needed comes back (issue 12 #19);
    /// with a filter the server's limit counts records read before filtering, so only `--page-size` applies.
    @Test func limitIsSentAsTheSmallerOfLimitAndPageSize() throws {
        let item = RecordCommandFixtures.model("Item")
        func limit(_ limit: Int?, _ pageSize: Int?, where conditions: [FieldAssignment] = []) throws -> JSONValue? {
            try builder.arguments(
                model: item, conditions: conditions, filter: nil, sort: nil, pageSize: pageSize, limit: limit)["limit"]
        }
        #expect(try limit(2, nil) == .int(2))
        #expect(try limit(2, 10) == .int(2))
        #expect(try limit(5, 3) == .int(3))
        #expect(try limit(nil, 3) == .int(3))
        #expect(try limit(nil, nil) == nil)
        #expect(try limit(2, nil, where: where_([("name", .text("x"))])) == nil)
        #expect(try limit(2, 10, where: where_([("name", .text("x"))])) == .int(10))
    }

    @Test func aSortKeyWithoutItsPartitionKeyIsAFilter() throws {
        let arguments = try builder.arguments(
            model: RecordCommandFixtures.model("RecipeStep"), conditions: where_([("rowID", .text("3"))]), filter: nil,
            sort: nil, pageSize: nil)
        #expect(arguments == JSONObject([("filter", ["rowID": ["eq": .int(3)]])]))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var model: String
        var conditions: [FieldAssignment] = []
        var filter: JSONValue?
        var sort: SortOrder?
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        BadCase(
            model: "Item", conditions: [FieldAssignment(field: "nme", value: .text("x"))],
            message: "filter: ModelItemFilterInput has no field \"nme\"; did you mean \"name\"?"),
        BadCase(
            model: "RecipeStep", conditions: [FieldAssignment(field: "rowID", value: .text("three"))],
            message: "filter field rowID: expected an Int, got \"three\""),
        BadCase(
            model: "RecipeStep", filter: ["rowId": ["gt": .int(1)]],
            message:
                "filterJSON: unknown field \"rowId\" (ModelRecipeStepFilterInput has: recipeID, rowID, isAction, itemCode, quantity, action, id, createdAt, updatedAt, and, or, not)"
        ),
        BadCase(
            model: "RecipeStep", sort: .asc,
            message: "sort needs filter on RecipeStep's partition key (recipeID=VALUE)"),
        BadCase(model: "Item", sort: .asc, message: "sort: Item has no sort key (listItems takes no sortDirection)"),
    ])
    func refusals(_ bad: BadCase) {
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try builder.arguments(
                model: RecordCommandFixtures.model(bad.model), conditions: bad.conditions, filter: bad.filter,
                sort: bad.sort, pageSize: nil)
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message == bad.message)
    }

    @Test func aSubscriptionFilterCarriesWhatItsInputCanSay() throws {
        let item = RecordCommandFixtures.model("Item")
        let input = try #require(item.operations.subscription(.update)?.filterInput)
        #expect(input == "ModelSubscriptionItemFilterInput")
        let prefix = FieldTest(field: "name", comparison: .beginsWith, value: .text("k"))
        #expect(
            builder.subscriptionFilter(model: item, tests: [prefix], input: input)
                == ["name": ["beginsWith": "k"]])
        let same = FieldTest(field: "description", comparison: .eq, value: .text("x"))
        #expect(
            builder.subscriptionFilter(model: item, tests: [prefix, same], input: input)
                == ["and": [["name": ["beginsWith": "k"]], ["description": ["eq": "x"]]]])
        // Left to the client: a test for null, a field the input lacks, more terms than the limit.
        let null = FieldTest(field: "description", comparison: .eq, value: .null)
        #expect(builder.subscriptionFilter(model: item, tests: [prefix, null], input: input) == nil)
        let unknown = FieldTest(field: "nosuch", comparison: .eq, value: .text("x"))
        #expect(builder.subscriptionFilter(model: item, tests: [unknown], input: input) == nil)
        let many = Array(repeating: same, count: ListArgumentsBuilder.subscriptionTermLimit + 1)
        #expect(builder.subscriptionFilter(model: item, tests: many, input: input) == nil)
        #expect(builder.subscriptionFilter(model: item, tests: [], input: input) == nil)
    }
}
