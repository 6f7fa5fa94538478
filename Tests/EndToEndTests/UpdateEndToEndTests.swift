import Foundation
import JSON
import Testing

/// `gqlpatch update` run as a user would, against the local AppSync emulator (graphql-core
/// parses, validates and executes every document it receives).
@Suite struct UpdateEndToEndTests {
    static let modelFile: JSONValue = ["bucket": "b", "region": "eu-west-1", "key": "models/chair.glb"]
    /// `modelFile` as the default selection returns it (every File field).
    static let modelFileSelected: JSONValue = [
        "bucket": "b", "region": "eu-west-1", "key": "models/chair.glb", "contentType": .null, "size": .null,
    ]

    /// Seeds an Item and returns the emulator.
    private func emulatorWithItem(_ arguments: [String] = ["--api-key", Emulator.apiKey]) throws -> Emulator {
        let emulator = try Emulator(arguments: arguments)
        try emulator.create(
            "Item",
            [
                "id": "item-1", "name": "Chair", "description": "old", "modelFile": UpdateEndToEndTests.modelFile,
                "tags": ["a"],
            ])
        return emulator
    }

    private func lastInput(_ emulator: Emulator) throws -> JSONValue? {
        try emulator.bodies().last?["variables"]?["input"]
    }

    @Test func sendsOnlyTheNamedFieldsTypedByTheSchema() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch([
            "update", "Item", "--id", "item-1", "--set", "name=Lamp", "--set",
            "imageFile=@\(TestPaths.fixture("demo/image-file.json"))", "--set", "description=00123",
        ])
        #expect(result.status == 0, "\(result)")
        let record = try result.json()
        #expect(record["name"] == "Lamp")
        #expect(record["description"] == "00123")
        #expect(record["imageFile"]?["key"] == "images/lamp.png")
        #expect(record["imageFile"]?["size"] == .int(48213))
        #expect(record["modelFile"] == UpdateEndToEndTests.modelFileSelected)
        #expect(record["tags"] == ["a"])
        let requests = try emulator.requests()
        #expect(requests.count == before + 1)
        let input = try #require(try lastInput(emulator))
        #expect(
            input == [
                "id": "item-1", "name": "Lamp", "description": "00123",
                "imageFile": [
                    "bucket": "gqlpatch-demo-assets", "region": "eu-west-1", "key": "images/lamp.png",
                    "contentType": "image/png", "size": 48213,
                ],
            ])
        #expect(input.objectValue?.keys == ["id", "name", "imageFile", "description"])
    }

    @Test func unsetRemovesAndPatchComesFromStandardInput() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(
            ["update", "Item", "--id", "item-1", "--patch", "-", "--set", "tags:=[\"x\",\"y\"]", "--compact"],
            stdin: #"{"description": null, "name": "Desk"}"#)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("}\n"))
        #expect(!result.stdout.dropLast().contains("\n"), "--compact prints one line")
        let record = try result.json()
        #expect(record["description"] == .null)
        #expect(record["name"] == "Desk")
        #expect(record["tags"] == ["x", "y"])
        #expect(record["modelFile"] == UpdateEndToEndTests.modelFileSelected)
        #expect(try lastInput(emulator) == ["id": "item-1", "description": .null, "name": "Desk", "tags": ["x", "y"]])
    }

    @Test func compositeKeyUpdate() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create(
            "RecipeStep", ["recipeID": "r1", "rowID": 3, "action": "stir", "quantity": 1.0], select: "recipeID rowID")
        let result = try emulator.gqlpatch([
            "update", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3", "--set", "quantity=2.5", "--unset",
            "action",
            "--set", "isAction=true",
        ])
        #expect(result.status == 0, "\(result)")
        let record = try result.json()
        #expect(record["quantity"] == .double(2.5))
        #expect(record["isAction"] == true)
        #expect(record["action"] == .null)
        #expect(
            try lastInput(emulator) == [
                "recipeID": "r1", "rowID": 3, "quantity": 2.5, "action": .null, "isAction": true,
            ])
    }

    @Test func conditions() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let failed = try emulator.gqlpatch([
            "update", "Item", "--id", "item-1", "--set", "name=Lamp", "--if", "name=Sofa",
        ])
        #expect(failed.status == 2, "\(failed)")
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix("gqlpatch: error: Item id=item-1: the --if condition is false"))
        let unchanged = try emulator.graphQL(#"{ getItem(id: "item-1") { name } }"#)
        #expect(unchanged["data"]?["getItem"]?["name"] == "Chair")

        let passed = try emulator.gqlpatch([
            "update", "Item", "--id", "item-1", "--set", "name=Lamp", "--if", "name=Chair", "--if", "description=old",
        ])
        #expect(passed.status == 0, "\(passed)")
        #expect(try passed.json()["name"] == "Lamp")
        let condition = try emulator.bodies().last?["variables"]?["condition"]
        #expect(condition == ["and": [["name": ["eq": "Chair"]], ["description": ["eq": "old"]]]])
    }

    @Test func missingRecordIsNotFound() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["update", "Item", "--id", "nope", "--set", "name=Lamp"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("gqlpatch: error: no Item id=nope"))
    }

    @Test func dryRunSendsNothing() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch(["--dry-run", "update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        #expect(result.status == 0, "\(result)")
        #expect(try emulator.requests().count == before)
        let plan = try result.json()
        #expect(plan["endpoint"] == .string(emulator.endpoint))
        #expect(plan["auth"] == "api-key")
        #expect(plan["headers"]?.arrayValue?.contains("x-api-key") == true)
        #expect(plan["steps"]?.arrayValue?.count == 1)
        #expect(plan["steps"]?.arrayValue?.first?["variables"] == ["input": ["id": "item-1", "name": "Lamp"]])
        #expect(!result.stdout.contains(Emulator.apiKey))
        #expect(!result.stderr.contains(Emulator.apiKey))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadInput(
            arguments: ["update", "Itme", "--id", "item-1", "--set", "name=x"], status: 65,
            message: "gqlpatch: error: unknown model 'Itme' (did you mean 'Item'?)"),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--set", "nmae=x"], status: 65, message: "gqlpatch: error: "
        ),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--unset", "name"], status: 65, message: "gqlpatch: error: "
        ),
        BadInput(
            arguments: ["update", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=three", "--set", "quantity=1"],
            status: 65, message: "gqlpatch: error: "),
        BadInput(
            arguments: ["update", "RecipeStep", "--key", "recipeID=r1", "--set", "quantity=1"], status: 65,
            message: "gqlpatch: error: "),
        BadInput(
            arguments: ["update", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=1", "--set", "quantity=lots"],
            status: 65, message: "gqlpatch: error: "),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--set", "imageFile:={\"bucket\":\"b\"}"], status: 65,
            message: "gqlpatch: error: "),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--set", "tags:=[1,"], status: 65,
            message: "gqlpatch: error: "),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--set", "imageFile=@/nonexistent/file.json"], status: 66,
            message: "gqlpatch: error: cannot read /nonexistent/file.json"),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--patch", "/nonexistent.json"], status: 66,
            message: "gqlpatch: error: cannot read /nonexistent.json"),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--sett", "name=x"], status: 64,
            message: "gqlpatch: error: unknown option '--sett' (did you mean '--set'?)"),
        BadInput(
            arguments: ["update", "Item", "--id", "item-1", "--set", "name=x", "--expect-version", "2"], status: 65,
            message: "gqlpatch: error: --expect-version needs a versioned model"),
    ])
    func badInputSendsNothing(_ bad: BadInput) throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch(bad.arguments)
        #expect(result.status == bad.status, "\(result)")
        #expect(result.stderr.hasPrefix(bad.message), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try emulator.requests().count == before, "a refused input must send nothing")
    }

    @Test func verboseTracesGoToStderrWithTheKeyRedacted() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["--verbose", "update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["name"] == "Lamp")
        #expect(result.stderr.contains("> POST \(emulator.endpoint)"))
        #expect(result.stderr.contains("< HTTP 200"))
        #expect(!result.stderr.contains(Emulator.apiKey))
        #expect(!result.stdout.contains(Emulator.apiKey))
        #expect(result.stderr.contains("x-api-key: da2-…cdef"))
    }

    @Test func envelopeOutput() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "--output", "envelope", "update", "Item", "--id", "item-1", "--set", "name=Lamp",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["data"]?["updateItem"]?["name"] == "Lamp")
        let failed = try emulator.gqlpatch([
            "--output", "envelope", "update", "Item", "--id", "item-1", "--set", "name=X", "--if", "name=Nope",
        ])
        #expect(failed.status == 2)
        #expect(
            try failed.json()["errors"]?.arrayValue?.first?["errorType"] == "DynamoDB:ConditionalCheckFailedException")
    }
}
