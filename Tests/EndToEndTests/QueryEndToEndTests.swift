import Foundation
import JSON
import Testing

/// `gqlpatch query` against the local emulator.
@Suite struct QueryEndToEndTests {
    @Test func typedVariablesAndData() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "00123", "name": "Lamp"])
        let result = try emulator.gqlpatch([
            "query", "query Q($id: ID!, $n: Int) { getItem(id: $id) { name } listItems(limit: $n) { items { id } } }",
            "--var", "id=00123", "--var", "n=5",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try result.json() == ["getItem": ["name": "Lamp"], "listItems": ["items": [["id": "00123"]]]])
        let sent = try #require(try emulator.bodies().last)
        #expect(sent["variables"] == ["id": "00123", "n": .int(5)])
        #expect(sent["operationName"] == "Q")
    }

    @Test func documentFromAFileOrStandardInputWithAChosenOperation() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let document = """
            query Get($id: ID!) { getItem(id: $id) { id name } }
            mutation Make($input: CreateItemInput!) { createItem(input: $input) { id name } }
            """
        let path = try emulator.file("ops.graphql", document)
        let made = try emulator.gqlpatch([
            "query", "@\(path)", "--operation", "Make", "--var", #"input:={"id": "q1", "name": "Desk"}"#,
        ])
        #expect(made.status == 0, "\(made)")
        #expect(try made.json() == ["createItem": ["id": "q1", "name": "Desk"]])
        let got = try emulator.gqlpatch(
            ["--output", "envelope", "query", "-", "--operation", "Get", "--var", "id=q1"], stdin: document)
        #expect(got.status == 0, "\(got)")
        #expect(try got.json() == ["data": ["getItem": ["id": "q1", "name": "Desk"]]])
        let unnamed = try emulator.gqlpatch(["query", "@\(path)", "--var", "id=q1"])
        #expect(unnamed.status == 64, "\(unnamed)")
        #expect(
            unnamed.stderr.hasPrefix(
                "gqlpatch: error: the document has 2 operations (Get, Make); choose one with --operation NAME\n"))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadCase(
            arguments: ["query", "{ getItm(id: \"1\") { id } }"], status: 65,
            message: "<argument>:1:3: error: Query has no field 'getItm' (did you mean 'getItem'?)\n"),
        BadCase(
            arguments: ["query", "query Q($id: ID!) {\n  getItem(id: $id) { id }\n}"], status: 65,
            message: "<argument>:1:9: error: variable $id (ID!) is required: give --var id=VALUE\n"),
        BadCase(
            arguments: ["query", "query Q {\n  getItem(id: $id) { id }\n}"], status: 65,
            message: "<argument>:2:11: error: variable $id is not declared by operation Q\n"),
        BadCase(
            arguments: ["query", "{ getItem(id: \"1\") { id }"], status: 65,
            message: "<argument>:1:26: error: expected "),
        BadCase(
            arguments: ["query", "query Q($n: Int) { listItems(limit: $n) { items { id } } }", "--var", "n=many"],
            status: 65,
            message: "gqlpatch: error: $n: expected an Int, got \"many\"\n"),
        BadCase(
            arguments: ["query", "query Q($id: ID) { getItem(id: $id) { id } }", "--var", "idd=1"], status: 65,
            message: "gqlpatch: error: --var idd: operation Q declares no variable $idd (it declares $id)\n"),
        BadCase(
            arguments: ["query", "query A { listItems { items { id } } }", "--operation", "C"], status: 65,
            message: "gqlpatch: error: --operation C: the document has no operation named C (it has A)\n"),
        BadCase(
            arguments: ["query", "@/nonexistent.graphql"], status: 66,
            message: "gqlpatch: error: cannot read /nonexistent.graphql: no such file\n"),
    ])
    func badDocumentsSendNothing(_ bad: BadCase) throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(bad.arguments)
        #expect(result.status == bad.status, "\(result)")
        #expect(result.stderr.hasPrefix(bad.message), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try emulator.requests().isEmpty)
    }

    @Test func aFileDocumentIsReportedByItsPath() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let path = try emulator.file("bad.graphql", "query Q {\n  listItems(limt: 2) { items { id } }\n}\n")
        let result = try emulator.gqlpatch(["query", "@\(path)"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "\(path):2:13: error: Query.listItems has no argument 'limt' (did you mean 'limit'?)\n"))
    }

    /// Without any schema the document alone is enough: nothing is checked locally, the server answers.
    @Test func withoutASchemaTheServerJudges() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "i1", "name": "Lamp"])
        let base = ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey]
        let ok = try GQLPatchRun.run(
            base + ["query", "query Q($id: ID!) { getItem(id: $id) { name } }", "--var", "id=i1"], in: emulator.folder)
        #expect(ok.status == 0, "\(ok)")
        #expect(try ok.json() == ["getItem": ["name": "Lamp"]])
        #expect(ok.stderr.isEmpty)
        let unknown = try GQLPatchRun.run(
            base + ["--output", "envelope", "query", "{ getItm(id: \"1\") { id } }"], in: emulator.folder)
        #expect(unknown.status == 1, "\(unknown)")
        #expect(
            unknown.stderr.hasPrefix(
                "gqlpatch: error: the server answered with errors: Validation error of type FieldUndefined"))
        #expect(try unknown.json()["errors"]?.arrayValue?.count == 1)
    }
}
