import Foundation
import JSON
import Testing

/// A server that answers for another record than the one asked for (`id: "OTHER"` for `S1`): every
/// command refuses the answer with exit 76, naming both keys, instead of printing it as the record.
@Suite struct HostileServerKeyEndToEndTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var misrouted: Set<String>
        var versioned = false
        var stderr: String
        /// The operations that must have been sent, in order (nothing is written after a wrong read).
        var sent: [String]

        var description: String { name }
    }

    static let wrongItem = "returned Item id=OTHER, not the requested Item id=S1"

    static let cases: [Case] = [
        Case(
            name: "get", arguments: ["get", "Item", "--id", "S1"], misrouted: ["GetItem"],
            stderr: "gqlpatch: error: getItem \(wrongItem)", sent: ["GetItem"]),
        Case(
            name: "update", arguments: ["update", "Item", "--id", "S1", "--set", "name=Lamp"],
            misrouted: ["UpdateItem"],
            stderr: "gqlpatch: error: updateItem \(wrongItem)", sent: ["UpdateItem"]),
        Case(
            name: "create", arguments: ["create", "Item", "--set", "id=S1", "--set", "name=Lamp"],
            misrouted: ["CreateItem"],
            stderr: "gqlpatch: error: createItem \(wrongItem)", sent: ["CreateItem"]),
        Case(
            name: "create, composite key",
            arguments: ["create", "RecipeStep", "--set", "recipeID=r1", "--set", "rowID=3"],
            misrouted: ["CreateRecipeStep"],
            stderr:
                "gqlpatch: error: createRecipeStep returned RecipeStep recipeID=OTHER rowID=4, not the requested RecipeStep recipeID=r1 rowID=3",
            sent: ["CreateRecipeStep"]),
        Case(
            name: "delete", arguments: ["delete", "Item", "--id", "S1"], misrouted: ["DeleteItem"],
            stderr: "gqlpatch: error: deleteItem \(wrongItem)", sent: ["DeleteItem"]),
        Case(
            name: "versioned update, the read", arguments: ["update", "Item", "--id", "S1", "--set", "name=Lamp"],
            misrouted: ["GetItem"], versioned: true, stderr: "gqlpatch: error: getItem \(wrongItem)", sent: ["GetItem"]),
        Case(
            name: "versioned update, the write", arguments: ["update", "Item", "--id", "S1", "--set", "name=Lamp"],
            misrouted: ["UpdateItem"], versioned: true, stderr: "gqlpatch: error: updateItem \(wrongItem)",
            sent: ["GetItem", "UpdateItem"]),
        Case(
            name: "versioned delete, the read", arguments: ["delete", "Item", "--id", "S1"],
            misrouted: ["GetItem"], versioned: true, stderr: "gqlpatch: error: getItem \(wrongItem)", sent: ["GetItem"]),
        Case(
            name: "versioned delete, the write", arguments: ["delete", "Item", "--id", "S1"],
            misrouted: ["DeleteItem"], versioned: true, stderr: "gqlpatch: error: deleteItem \(wrongItem)",
            sent: ["GetItem", "DeleteItem"]),
    ]

    private static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func operations(_ server: ScriptedServer) throws -> [String] {
        try server.received.map { try JSONValue.parse($0)["operationName"]?.stringValue ?? "?" }
    }

    @Test(arguments: cases)
    func anAnswerForAnotherRecordIsRefused(_ item: Case) throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema =
            item.versioned
            ? try Emulator.compiledSchema(arguments: ["--conflict-handler", "optimistic"], into: folder)
            : TestPaths.schema
        let server = try ScriptedServer(respond: MisroutedReplies.responder(misrouted: item.misrouted))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", schema] + item.arguments,
            in: folder)
        result.expectFailure(76, item.stderr)
        #expect(try Self.operations(server) == item.sent)
    }

    /// The control: the same server answering for the requested record is accepted.
    @Test func anAnswerForTheRequestedRecordIsPrinted() throws {
        let server = try ScriptedServer(respond: MisroutedReplies.responder(misrouted: []))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema,
                "update", "Item", "--id", "S1", "--set", "name=Lamp",
            ])
        #expect(try result.singleDocument()["id"] == "S1", "\(result)")
    }

    /// A create without an explicit id: the id is the server's to choose, so another one is accepted.
    @Test func aCreateWithoutAnIDAcceptsTheServersID() throws {
        let server = try ScriptedServer(respond: MisroutedReplies.responder(misrouted: ["CreateItem"]))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema,
                "create", "Item", "--set", "name=Lamp",
            ])
        let record = try result.singleDocument()
        #expect(record["id"] == "OTHER", "\(result)")
        #expect(record["name"] == "Lamp")
    }

    /// `apply`: each kind of operation answered for another record is reported as a failed line,
    /// with both keys named, and the run exits 4.
    @Test func applyReportsEachMisroutedLineAsFailed() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("lines.jsonl")
        try """
        {"op":"update","model":"Item","key":{"id":"S1"},"set":{"name":"Lamp"}}
        {"op":"create","model":"Item","key":{"id":"S1"},"set":{"name":"Lamp"}}
        {"op":"delete","model":"Item","key":{"id":"S1"}}
        {"op":"create","model":"Item","set":{"name":"Desk"}}

        """.write(to: input, atomically: true, encoding: .utf8)
        let server = try ScriptedServer(
            respond: MisroutedReplies.responder(misrouted: ["UpdateItem", "CreateItem", "DeleteItem"]))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema,
                "apply", input.path, "-j", "1", "--continue-on-error",
            ], in: folder)
        #expect(result.status == 4, "\(result)")
        let lines = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let byLine = Dictionary(uniqueKeysWithValues: lines.map { ($0["line"]?.intValue ?? 0, $0) })
        for (line, field) in [(1, "updateItem"), (2, "createItem"), (3, "deleteItem")] {
            #expect(byLine[line]?["status"] == "failed", "line \(line): \(result)")
            #expect(byLine[line]?["error"] == .string("\(field) \(Self.wrongItem)"), "line \(line): \(result)")
            #expect(byLine[line]?["item"] == nil)
        }
        // No key given: the server's id is accepted.
        #expect(byLine[4]?["status"] == "created", "\(result)")
        #expect(byLine[4]?["item"]?["id"] == "OTHER")
    }

    /// An `--atomic` rollback's own write is checked too: when the undo of line 1 is answered for
    /// another record, the line is `rollback_failed` with both keys named, not `rolled_back`.
    @Test func applyChecksTheRollbacksAnswer() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stateful stand-in: Items are stored; the second UpdateItem (the undo) answers for OTHER;
        // every DeleteItem fails, so line 2 fails and the run rolls line 1 back.
        let store = LockedRecords()
        let server = try ScriptedServer { _, body in
            guard let request = try? JSONValue.parse(body), let operation = request["operationName"]?.stringValue else {
                return .init(status: 200, body: #"{"errors":[{"message":"unexpected request"}]}"#)
            }
            let variables = request["variables"]?.objectValue ?? JSONObject()
            let input = variables["input"]?.objectValue ?? JSONObject()
            var record: JSONValue = .null
            switch operation {
            case "GetItem":
                record = store.get(variables["id"]?.stringValue ?? "")
            case "UpdateItem":
                var merged = store.update(input)
                if store.updates() == 2 { merged["id"] = "OTHER" }
                record = .object(merged)
            default:
                return .init(
                    status: 200,
                    body: #"{"data":{"deleteItem":null},"errors":[{"message":"boom","errorType":"InternalFailure"}]}"#)
            }
            let field = operation.prefix(1).lowercased() + operation.dropFirst()
            return .init(
                status: 200,
                body: JSONValue.object(JSONObject([("data", .object(JSONObject([(field, record)])))])).serialized())
        }
        defer { server.stop() }
        store.seed(["id": "S1", "name": "Chair"])
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "apply", "-",
                "-j", "1", "--atomic",
            ],
            stdin: #"{"op":"update","model":"Item","key":{"id":"S1"},"set":{"name":"Lamp"}}"# + "\n"
                + #"{"op":"delete","model":"Item","key":{"id":"S2"}}"# + "\n", in: folder)
        #expect(result.status == 4, "\(result)")
        let lines = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let undo = try #require(lines.last, "\(result)")
        #expect(undo["line"] == 1 && undo["status"] == "rollback_failed", "\(result)")
        #expect(undo["error"]?.stringValue?.hasPrefix("updateItem \(Self.wrongItem)") == true, "\(result)")
    }

    /// `apply`'s reads are checked too: a versioned update whose read answers for another record
    /// fails without writing.
    @Test func applyChecksTheVersionedRead() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try Emulator.compiledSchema(arguments: ["--conflict-handler", "optimistic"], into: folder)
        let server = try ScriptedServer(respond: MisroutedReplies.responder(misrouted: ["GetItem"]))
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "apply", "-"],
            stdin: #"{"op":"update","model":"Item","key":{"id":"S1"},"set":{"name":"Lamp"}}"# + "\n", in: folder)
        #expect(result.status == 4, "\(result)")
        let line = try JSONValue.parse(result.stdout)
        #expect(line["status"] == "failed")
        #expect(line["error"] == .string("getItem \(Self.wrongItem)"))
        #expect(try Self.operations(server) == ["GetItem"])
    }
}
