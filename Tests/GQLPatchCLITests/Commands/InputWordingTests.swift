import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The lower targets word their messages through the caller's `InputWording`: worded for the command
/// line, the builders' messages read as they did when the builders spelled the options themselves,
/// every name the command line gives a source is an option it accepts, and an `apply` line names the
/// run's settings as its command line gave them.
@Suite struct InputWordingTests {
    private static let wording = CommandLineWording()

    /// Every option any command accepts.
    static var acceptedOptions: Set<String> {
        let tables = [
            GlobalOptions.table, ApplyOptions.optionTable, CreateOptions.optionTable, DeleteOptions.optionTable,
            GetOptions.optionTable, ListOptions.optionTable, QueryOptions.optionTable, UpdateOptions.optionTable,
            InsertOptions.optionTable, RenumberOptions.optionTable,
            DupsOptions.optionTable, ImportOptions.optionTable, CopyOptions.optionTable, CallOptions.optionTable,
        ]
        return Set(tables.joined().flatMap(\.names))
    }

    @Test(arguments: InputSource.allCases)
    func theCommandLineNamesEachSourceByAnOptionItAccepts(_ source: InputSource) {
        #expect(Self.acceptedOptions.contains(Self.wording.name(source)))
    }

    @Test func anApplyLineNamesTheRunsSettingsAsTheRunWasGiven() {
        #expect(ApplyLineWording(run: Self.wording).name(.conflictResolution) == "--conflict-resolution")
        #expect(ApplyLineWording(run: Self.wording).name(.key) == "\"key\"")
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var message: String
        var body: @Sendable () throws(GQLPatchError) -> Void
        var testDescription: String { message }
    }

    private static func field(_ name: String, _ value: FieldAssignment.Value) -> FieldAssignment {
        FieldAssignment(field: name, value: value)
    }

    private static let list = ListArgumentsBuilder(
        catalogue: RecordCommandFixtures.catalogue, readFile: RecordCommandFixtures.noFiles, wording: wording)
    private static let create = CreateInputBuilder(
        catalogue: RecordCommandFixtures.catalogue, readFile: RecordCommandFixtures.noFiles, wording: wording)
    private static let select = SelectionBuilder(catalogue: RecordCommandFixtures.catalogue, wording: wording)

    @Test(arguments: [
        Refusal(message: "--where name given twice") { () throws(GQLPatchError) in
            _ = try list.arguments(
                model: RecordCommandFixtures.model("Item"),
                conditions: [field("name", .text("a")), field("name", .text("b"))],
                filter: nil, sort: nil, pageSize: nil)
        },
        Refusal(message: "--where: ModelItemFilterInput has no field \"nme\"; did you mean \"name\"?") {
            () throws(GQLPatchError) in
            _ = try list.arguments(
                model: RecordCommandFixtures.model("Item"), conditions: [field("nme", .text("a"))], filter: nil,
                sort: nil, pageSize: nil)
        },
        Refusal(message: "--sort needs --where on RecipeStep's partition key (recipeID=VALUE)") {
            () throws(GQLPatchError) in
            _ = try list.arguments(
                model: RecordCommandFixtures.model("RecipeStep"), conditions: [], filter: nil, sort: .asc, pageSize: nil
            )
        },
        Refusal(
            message:
                "--filter: unknown field \"nme\" (ModelItemFilterInput has: id, name, description, tags, createdAt, updatedAt, and, or, not)"
        ) { () throws(GQLPatchError) in
            _ = try list.arguments(
                model: RecordCommandFixtures.model("Item"), conditions: [], filter: ["nme": ["eq": "a"]], sort: nil,
                pageSize: nil)
        },
        Refusal(message: "imageFile.key: give the whole value of imageFile (--set imageFile:='{...}')") {
            () throws(GQLPatchError) in
            _ = try create.build(
                model: RecordCommandFixtures.model("Item"), patch: nil, values: [field("imageFile.key", .text("k"))])
        },
        Refusal(message: "Item needs a value for name (String!): give --set name=VALUE") { () throws(GQLPatchError) in
            _ = try create.build(model: RecordCommandFixtures.model("Item"), patch: nil, values: [])
        },
        Refusal(message: "--select: empty field name in \"name.\"") { () throws(GQLPatchError) in
            _ = try select.selection(for: RecordCommandFixtures.model("Item"), paths: ["name."])
        },
        Refusal(message: "--select: \"name.x\": name is a String and has no subfields") { () throws(GQLPatchError) in
            _ = try select.selection(for: RecordCommandFixtures.model("Item"), paths: ["name.x"])
        },
    ])
    func theBuildersWordTheirRefusalsForTheCommandLine(_ refusal: Refusal) {
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in try refusal.body() }
        #expect(error?.message == refusal.message)
    }
}
