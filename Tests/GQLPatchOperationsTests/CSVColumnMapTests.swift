import CSV
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON
import Testing

/// `CSVColumnMap`: a header read into columns of a model's create input, and rows typed into the
/// lines `import` writes, each problem with its line and column.
@Suite struct CSVColumnMapTests {
    static let schema = """
        type Product @model {
          id: ID!
          name: String!
          qty: Int
          active: Boolean
          kind: Kind
          tags: [String]
          dims: Dims
        }
        type Dims { width: Float! height: Float }
        enum Kind { TOOL PART }
        """

    static func setUp() throws -> (Model, ModelCatalogue) {
        let catalogue = try CatalogueLoader.load(
            path: "s.graphql", files: .memory(["s.graphql": Array(schema.utf8)]))
        return (try #require(catalogue.models["Product"]), catalogue)
    }

    @Test func aRowBecomesTheLineImportWrites() throws {
        let (model, catalogue) = try Self.setUp()
        let map = try CSVColumnMap(
            header: ["Code", "name", "qty", "active", "kind", "tags", "dims.width", "dims.height"],
            renames: ["Code": "id"], model: model, catalogue: catalogue)
        let line = try map.line(
            ["p1", "Saw", "3", "1", "TOOL", #"["a"]"#, "2.5", ""], lines: Array(repeating: 2, count: 8)
        )
        .get()
        #expect(line["op"] == "upsert")
        #expect(line["key"] == ["id": "p1"])
        #expect(
            line["set"]
                == ["name": "Saw", "qty": 3, "active": true, "kind": "TOOL", "tags": ["a"], "dims": ["width": 2.5]])
    }

    @Test func whatTheServerSetsIsPassedOverSoThatAListingImportsBack() throws {
        let (model, catalogue) = try Self.setUp()
        let map = try CSVColumnMap(
            header: ["id", "_version", "name", "createdAt", "qty"], model: model, catalogue: catalogue)
        #expect(map.passedOver == ["_version", "createdAt"])
        #expect(map.columns.map(\.index) == [0, 2, 4])
        let line = try map.line(["p1", "3", "Saw", "2024-01-01T00:00:00.000Z", "7"], lines: [2, 2, 2, 2, 2]).get()
        #expect(line["set"] == ["name": "Saw", "qty": 7])
    }

    @Test func emptyCellsAreLeftOutOrNullButNeverForAKeyOrARequiredField() throws {
        let (model, catalogue) = try Self.setUp()
        var map = try CSVColumnMap(header: ["id", "name", "qty"], model: model, catalogue: catalogue)
        #expect(try map.line(["p1", "Saw", ""], lines: [2, 2, 2]).get()["set"] == ["name": "Saw"])
        map.emptyAsNull = true
        #expect(try map.line(["p1", "Saw", ""], lines: [2, 2, 2]).get()["set"] == ["name": "Saw", "qty": .null])
        guard case .failure(let found) = map.line(["", "", "x"], lines: [5, 5, 6]) else {
            Issue.record("empty key and required field taken")
            return
        }
        #expect(
            found.problems == [
                CSVProblem(line: 5, column: 1, "id: a key field is empty"),
                CSVProblem(line: 5, column: 2, "name: a required field is empty"),
                CSVProblem(line: 6, column: 3, #"qty: expected an Int, got "x""#),
            ])
    }

    @Test func aHeaderThatDoesNotFitIsRefusedWhole() throws {
        let (model, catalogue) = try Self.setUp()
        do {
            _ = try CSVColumnMap(
                header: ["nme", "qty", "qty", "dims.depth", "kind.x"], model: model, catalogue: catalogue)
            Issue.record("a header that does not fit was taken")
        } catch {
            #expect(
                error.problems.map(\.message) == [
                    #"Product has no field "nme" a record is written with (did you mean 'name'?)"#,
                    "column qty is there twice",
                    #"DimsInput has no field "depth""#,
                    "kind is not an object, so it has no x",
                    "no column for Product's key field id",
                    "no column for name, which CreateProductInput requires",
                ])
            #expect(error.problems.map(\.column) == [1, 3, 4, 5, 1, 1])
        }
    }

    @Test func anObjectMissingARequiredFieldIsAProblemOfItsFirstColumn() throws {
        let (model, catalogue) = try Self.setUp()
        let map = try CSVColumnMap(header: ["id", "name", "dims.height"], model: model, catalogue: catalogue)
        guard case .failure(let found) = map.line(["p1", "Saw", "3"], lines: [2, 2, 2]) else {
            Issue.record("an object without its required width was taken")
            return
        }
        #expect(found.problems.count == 1)
        #expect(found.problems.first?.column == 3)
        #expect(found.problems.first?.message == "dims.width: missing required field", "\(found)")
    }
}
