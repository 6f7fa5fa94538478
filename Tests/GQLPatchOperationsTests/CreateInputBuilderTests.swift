import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct CreateInputBuilderTests {
    private let builder = CreateInputBuilder(
        catalogue: RecordCommandFixtures.catalogue, readFile: RecordCommandFixtures.noFiles,
        wording: SourceNameWording(), makeID: { "fixed-uuid" })

    @Test func generatesTheAutomaticIDFirstAndTypesValues() throws {
        let result = try builder.build(
            model: RecordCommandFixtures.model("Item"), patch: ["description": "from patch", "tags": ["a"]],
            values: [
                FieldAssignment(field: "name", value: .text("00123")),
                FieldAssignment(field: "tags", value: .json("[\"b\"]")),
            ])
        #expect(result.generatedID)
        #expect(result.keyIsComplete)
        #expect(result.key == JSONObject([("id", "fixed-uuid")]))
        #expect(result.input.keys == ["id", "description", "tags", "name"])
        #expect(result.input["name"] == "00123")
        #expect(result.input["tags"] == ["b"])
    }

    @Test func keepsAGivenIDAndGeneratesNoneForCompositeKeys() throws {
        let item = try builder.build(
            model: RecordCommandFixtures.model("Item"), patch: nil,
            values: [
                FieldAssignment(field: "id", value: .text("i1")), FieldAssignment(field: "name", value: .text("A")),
            ])
        #expect(!item.generatedID)
        #expect(item.input["id"] == "i1")
        let step = try builder.build(
            model: RecordCommandFixtures.model("RecipeStep"), patch: nil,
            values: [
                FieldAssignment(field: "recipeID", value: .text("r1")),
                FieldAssignment(field: "rowID", value: .text("3")),
            ])
        #expect(!step.generatedID)
        #expect(step.key == JSONObject([("recipeID", "r1"), ("rowID", .int(3))]))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var model: String
        var values: [FieldAssignment]
        var code: ExitCode
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        BadCase(
            model: "Item", values: [FieldAssignment(field: "description", value: .text("x"))], code: .invalidInput,
            message: "Item needs a value for name (String!): give set name"),
        BadCase(
            model: "RecipeStep", values: [FieldAssignment(field: "action", value: .text("x"))], code: .invalidInput,
            message:
                "RecipeStep needs values for recipeID (ID!), rowID (Int!): give set recipeID set rowID"),
        BadCase(
            model: "Item", values: [FieldAssignment(field: "nme", value: .text("x"))], code: .invalidInput,
            message: "unknown field \"nme\" for Item; did you mean \"name\"?"),
        BadCase(
            model: "Item", values: [FieldAssignment(field: "name", value: .json("null"))], code: .invalidInput,
            message: "Item.name: null is not allowed (String! is required)"),
        BadCase(
            model: "Recipe",
            values: [
                FieldAssignment(field: "name", value: .text("a")), FieldAssignment(field: "steps", value: .json("[]")),
            ],
            code: .invalidInput,
            message: "steps is a relationship (@hasMany); create the related records with their own command"),
        BadCase(
            model: "RecipeStep", values: [FieldAssignment(field: "recipe", value: .text("r"))], code: .invalidInput,
            message: "recipe is a relationship (@belongsTo); set its key fields (recipeID) instead"),
        BadCase(
            model: "Item",
            values: [
                FieldAssignment(field: "name", value: .text("a")), FieldAssignment(field: "name", value: .text("b")),
            ],
            code: .usage, message: "set field name given twice"),
        BadCase(
            model: "Item",
            values: [
                FieldAssignment(field: "name", value: .text("a")),
                FieldAssignment(field: "_version", value: .text("1")),
            ],
            code: .invalidInput, message: "_version is kept by conflict resolution and cannot be set"),
        BadCase(
            model: "Item", values: [FieldAssignment(field: "imageFile", value: .file("/missing.json"))],
            code: .unreadableFile,
            message: "cannot read /missing.json: no such file"),
    ])
    func refusals(_ bad: BadCase) {
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try builder.build(model: RecordCommandFixtures.model(bad.model), patch: nil, values: bad.values)
        }
        #expect(error?.code == bad.code)
        #expect(error?.message == bad.message)
    }
}
