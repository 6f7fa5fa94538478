import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchCLI
@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `list`'s choice of query (issue 15 #6): an equality test on an index's partition key queries the
/// index, sort-key tests become its key condition with every operator, other tests stay filter terms.
@Suite struct ListIndexQueryTests {
    private static func catalogue(_ name: String) -> ModelCatalogue {
        let path = Fixture.root.appendingPathComponent("Tests/Fixtures/list/\(name)").path
        do { return try CatalogueLoader.load(path: path, files: .local) } catch { fatalError("\(name): \(error)") }
    }
    static let compiled = catalogue("indexes.compiled.graphql")
    static let source = catalogue("indexes.graphql")
    /// The source read as an existing project's whose `cli.json` lacks `enableautoindexquerynames`: an
    /// `@index` without `queryField` (`byCode`) has no query there.
    static let sourceWithoutAutoQueries: ModelCatalogue = {
        let path = Fixture.root.appendingPathComponent("Tests/Fixtures/list/indexes.graphql").path
        do {
            return try CatalogueLoader.load(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path, transformConfig: nil,
                features: AmplifyCLIFeatures(enableAutoIndexQueryNames: false))
        } catch { fatalError("indexes.graphql: \(error)") }
    }()

    private func query(
        _ tests: [String], model: String = "Child", catalogue: ModelCatalogue = compiled, index: String? = nil,
        sort: GQLPatchOperations.SortOrder? = nil
    ) throws -> ListQuery {
        let parsed = try tests.map { try CommandLineParser.fieldTest($0, option: "--where") }
        let catalogue = model == "Child" ? catalogue : RecordCommandFixtures.catalogue
        return try ListArgumentsBuilder(
            catalogue: catalogue, readFile: RecordCommandFixtures.noFiles, wording: CommandLineWording()
        ).query(
            model: try #require(catalogue.models[model]), tests: parsed, filter: nil, sort: sort, pageSize: nil,
            index: index)
    }

    @Test(arguments: [0, 1])
    func aPartitionKeyTestQueriesTheIndex(_ which: Int) throws {
        let schema = (offset: which, element: which == 0 ? Self.compiled : Self.source)
        let plan = try query(["parentEmail=x@y"], catalogue: schema.element, sort: .desc)
        #expect(plan.field == "childrenByParent")
        #expect(plan.index == (schema.offset == 0 ? "childrenByParent" : "byParent"))
        #expect(plan.arguments == JSONObject([("parentEmail", "x@y"), ("sortDirection", "DESC")]))
        #expect(plan.notes.isEmpty)
        let ranged = try query(["note=n", "rowID>3", "parentEmail=x@y"], catalogue: schema.element)
        #expect(
            ranged.arguments
                == JSONObject([("parentEmail", "x@y"), ("rowID", ["gt": .int(3)]), ("filter", ["note": ["eq": "n"]])]))
    }

    @Test func everySortKeyOperatorBecomesAKeyCondition() throws {
        let cases: [(String, JSONValue)] = [
            ("rowID>3", ["gt": .int(3)]), ("rowID>=3", ["ge": .int(3)]), ("rowID<3", ["lt": .int(3)]),
            ("rowID<=3", ["le": .int(3)]), ("rowID=3..7", ["between": [.int(3), .int(7)]]),
            ("rowID=3", ["eq": .int(3)]),
        ]
        for (test, condition) in cases {
            let plan = try query(["recipeID=r1", test], model: "RecipeStep")
            #expect(plan.field == "listRecipeSteps")
            #expect(plan.index == nil)
            #expect(plan.arguments == JSONObject([("recipeID", "r1"), ("rowID", condition)]), "\(test)")
        }
    }

    @Test func aCompositeSortKeyTakesTheTransformersCompositeInput() throws {
        let prefix = try query(["name=n", "status^=op"])
        #expect(prefix.field == "childrenByName")
        #expect(prefix.arguments == JSONObject([("name", "n"), ("statusCreatedOn", ["beginsWith": ["status": "op"]])]))
        let leading = try query(["name=n", "status=open"])
        #expect(
            leading.arguments == JSONObject([("name", "n"), ("statusCreatedOn", ["beginsWith": ["status": "open"]])]))
        let whole = try query(["name=n", "status=open", "createdOn=2024-01-02"])
        #expect(
            whole.arguments["statusCreatedOn"] == ["eq": ["status": "open", "createdOn": "2024-01-02"]])
        // A range compares the joined `status#createdOn` text, so the fields are checked in filter as well.
        let range = try query(["name=n", "status=open", "createdOn=2024-01-01..2024-12-31"])
        #expect(
            range.arguments
                == JSONObject([
                    ("name", "n"),
                    (
                        "statusCreatedOn",
                        [
                            "between": [
                                ["status": "open", "createdOn": "2024-01-01"],
                                ["status": "open", "createdOn": "2024-12-31"],
                            ]
                        ]
                    ),
                    (
                        "filter",
                        [
                            "and": [
                                ["status": ["eq": "open"]], ["createdOn": ["between": ["2024-01-01", "2024-12-31"]]],
                            ]
                        ]
                    ),
                ]))
    }

    @Test func theIndexWhoseSortKeyIsTestedWinsAndIndexPicksOne() throws {
        #expect(try query(["name=n", "parentEmail=p", "rowID=2"]).field == "childrenByParent")
        #expect(try query(["name=n", "parentEmail=p", "status=s"]).field == "childrenByName")
        #expect(try query(["parentEmail=p", "name=n"]).field == "childrenByParent")
        let picked = try query(["parentEmail=p", "name=n"], index: "childrenByName")
        #expect(picked.field == "childrenByName")
        #expect(picked.arguments == JSONObject([("name", "n"), ("filter", ["parentEmail": ["eq": "p"]])]))
        #expect(try query(["name=n"], catalogue: Self.source, index: "byName").field == "childrenByName")
    }

    @Test func otherFieldsTakeTheirOperatorIntoTheFilter() throws {
        let plan = try query(["action^=Ab", "quantity=1..2.5", "rowID<=4"], model: "RecipeStep")
        #expect(plan.field == "listRecipeSteps")
        #expect(
            plan.arguments
                == JSONObject([
                    (
                        "filter",
                        [
                            "and": [
                                ["action": ["beginsWith": "Ab"]],
                                ["quantity": ["between": [.double(1), .double(2.5)]]],
                                ["rowID": ["le": .int(4)]],
                            ]
                        ]
                    )
                ]))
    }

    @Test func aScanSaysWhichIndexWouldHaveServed() throws {
        let noQuery = try query(["code=c"], catalogue: Self.sourceWithoutAutoQueries)
        #expect(noQuery.field == "listChildren")
        #expect(
            noQuery.notes == [
                "index byCode has code as its partition key but the schema has no query for it (no queryField), so listChildren scans Child and filters"
            ])
        let range = try query(["parentEmail>a"])
        #expect(
            range.notes == [
                "index childrenByParent is queried only by an equality test on parentEmail (--where parentEmail=VALUE), so listChildren scans Child and filters"
            ])
        let none = try query(["note=x"])
        #expect(
            none.notes == [
                "listChildren scans Child and filters: no key or index has note as its partition key (parentEmail for index childrenByParent, name for index childrenByName, code for index childrenByCode)"
            ])
        #expect(try query([]).notes.isEmpty)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var tests: [String]
        var model = "Child"
        var index: String?
        var source = false
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Refusal(
            tests: ["parentEmail=p"], index: "byNothing",
            message:
                "--index byNothing: Child has no index \"byNothing\" (indexes: childrenByParent (query childrenByParent), childrenByName (query childrenByName), childrenByCode (query childrenByCode))"
        ),
        Refusal(
            tests: ["code=c"], index: "byCode", source: true,
            message:
                "--index byCode: the schema has no query for Child's index byCode (its @index or @key has no queryField), so it cannot be queried"
        ),
        Refusal(
            tests: ["name=n"], index: "childrenByParent",
            message: "--index childrenByParent needs --where parentEmail=VALUE (the index's partition key)"),
        Refusal(
            tests: ["recipeID=r"], model: "RecipeStep", index: "x",
            message: "--index x: RecipeStep has no secondary indexes"),
        Refusal(
            tests: ["recipeID=r", "rowID^=3"], model: "RecipeStep",
            message: "--where rowID: ModelIntKeyConditionInput has no beginsWith (the sort key rowID is Int)"),
        Refusal(
            tests: ["recipeID=r", "rowID>x"], model: "RecipeStep", message: "--where rowID: expected an Int, got \"x\""),
        Refusal(
            tests: ["recipeID=r", "rowID=1..x"], model: "RecipeStep",
            message: "--where rowID: expected an Int, got \"x\""),
        Refusal(
            tests: ["isAction^=t"], model: "RecipeStep",
            message: "--where isAction: ModelBooleanInput has no beginsWith test"),
    ])
    func refusals(_ refusal: Refusal) {
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            let catalogue =
                refusal.model == "Child"
                ? (refusal.source ? Self.sourceWithoutAutoQueries : Self.compiled) : RecordCommandFixtures.catalogue
            let tests = try refusal.tests.map { test throws(GQLPatchError) in
                try CommandLineParser.fieldTest(test, option: "--where")
            }
            return try ListArgumentsBuilder(
                catalogue: catalogue, readFile: RecordCommandFixtures.noFiles, wording: CommandLineWording()
            ).query(
                model: catalogue.models[refusal.model]!, tests: tests, filter: nil, sort: nil, pageSize: nil,
                index: refusal.index)
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message == refusal.message)
    }
}
