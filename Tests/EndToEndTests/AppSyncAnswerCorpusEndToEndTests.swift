import Foundation
import JSON
import Testing

/// Replays each answer of `Tests/Fixtures/appsync-answers` (bodies the real AppSync service gave, as
/// published; see its README for each one's source) to gqlpatch, as the answer to the command it
/// could have answered, and checks the exit code and message the README's exit-code table promises.
/// A body whose root field follows Amplify's names is replayed to the record command (with a schema
/// made from the fields the body shows); any other to `query` with a hand-written document.
@Suite struct AppSyncAnswerCorpusEndToEndTests {
    /// What stdout must hold.
    enum Output: Sendable {
        case empty
        /// The body's whole `data` (`query`).
        case data
        /// `data.<root>` (`get`).
        case record
        /// This many JSON lines (`list`).
        case lines(Int)
    }

    struct Replay: Sendable, CustomTestStringConvertible {
        /// The body's number (`07` for `bodies/07-....json`).
        var number: String
        var arguments: [String]
        var exit: Int32
        /// The start of the error line (`{host}` is the server's `127.0.0.1:PORT`); nil for none.
        var message: String?
        var output: Output = .empty
        /// Bodies for other root fields the command reads (the read after a refused write).
        var others: [String: String] = [:]
        var testDescription: String { "\(number) \(arguments.prefix(2).joined(separator: " "))" }
    }

    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/appsync-answers")

    /// The replays, one per body in the manifest (a test below checks none is missing).
    static let replays: [Replay] = [
        Replay(
            number: "01", arguments: ["create", "Todo", "--set", "name=a"], exit: 77,
            message: "not authorized: Unauthorized: Not Authorized to access createTodo on type Mutation"),
        Replay(
            number: "02", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 401 from {host}: UnauthorizedException: Valid authorization header not provided."),
        Replay(
            number: "03", arguments: ["query", "{ listMyMessages { items { receiverusername } } }"], exit: 1,
            message:
                "the server answered with errors: DynamoDB:DynamoDbException: One or more parameter values were invalid"
        ),
        Replay(
            number: "04", arguments: ["update", "Project", "--id", "p1", "--set", "name=x"], exit: 1,
            message:
                "the server answered with errors: Lambda:Unhandled: Parameter cannot be empty; the update of Project id=p1 may or may not have been applied"
        ),
        Replay(
            number: "05", arguments: ["query", "mutation { mutationThatWasCalled { id } }"], exit: 1,
            message: "the server answered with errors: MappingTemplate: Unable to convert"),
        Replay(
            number: "06", arguments: ["get", "Post", "--id", "p1"], exit: 1,
            message:
                "the server answered with errors: MappingTemplate: Trailing characters at the end of the JSON string"),
        Replay(
            number: "07", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 401 from {host}: UnauthorizedException: Unable to parse JWT token."),
        Replay(
            number: "08", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 401 from {host}: UnauthorizedException: Unable to parse JWT token."),
        Replay(
            number: "09", arguments: ["query", #"mutation { updateNote(input: {id: "KoolId22"}) { id } }"#], exit: 2,
            message: "ConflictUnhandled: Conflict resolver rejects mutation."),
        Replay(number: "10", arguments: ["query", "{ syncPosts { items { id } } }"], exit: 0, output: .data),
        Replay(
            number: "11", arguments: ["query", #"mutation { updateComment(input: {commentId: "c1"}) { commentId } }"#],
            exit: 0, output: .data),
        Replay(
            number: "12", arguments: ["list", "Todo"], exit: 1,
            message: "listTodos.items.0.name (page 1, Todo id=fa1c21cc-0458-4bca-bcb1-101579fb85c7): failed"),
        Replay(
            number: "13", arguments: ["get", "Item", "--id", "1"], exit: 1,
            message: "the server answered with errors: MalformedHttpRequestException: Request body is empty."),
        Replay(
            number: "14", arguments: ["get", "Item", "--id", "1"], exit: 1,
            message: "the server answered with errors: MalformedHttpRequestException: Unable to parse GraphQL query."),
        Replay(
            number: "15", arguments: ["query", "{ badfield }"], exit: 1,
            message: "the server answered with errors: Validation error of type FieldUndefined"),
        Replay(
            number: "16", arguments: ["query", #"mutation { extendTtl(id: "a", sk: "b") { id } }"#], exit: 2,
            message: "The conditional request failed (Service: DynamoDb"),
        Replay(
            number: "17", arguments: ["query", "mutation { sendEmail(data: 1) }"], exit: 1,
            message: "the server answered with errors: Validation error of type WrongType"),
        Replay(
            number: "18", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 403 from {host}: IncompleteSignatureException: 'accept' is named as a SignedHeader"),
        Replay(
            number: "19", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 403 from {host}: IncompleteSignatureException: Authorization header requires 'Credential'"),
        Replay(
            number: "20", arguments: ["query", "{ sync { items { id } } }"], exit: 1,
            message: "the server answered with errors: MappingTemplate: Transformation too large"),
        Replay(
            number: "21", arguments: ["query", #"mutation { updateMyItem(input: {id: "1"}) { id } }"#], exit: 2,
            message: "ConflictUnhandled: Conflict resolver rejects mutation."),
        Replay(
            number: "22", arguments: ["get", "Todo", "--id", "4590946a-bdf9-4a63-aa93-385db89e81a1"], exit: 0,
            output: .record),
        Replay(
            number: "23", arguments: ["list", "Recipe"], exit: 1,
            message:
                "listRecipes.items.0.ingredients (page 1): DynamoDB:AmazonDynamoDBException: The provided key element"),
        Replay(number: "24", arguments: ["list", "User"], exit: 0, output: .lines(10)),
        Replay(
            number: "25", arguments: ["update", "Item", "--id", "1", "--set", "name=x"], exit: 77,
            message: "HTTP 400 from {host}: BadRequestException: The request signature we calculated does not match"),
        Replay(
            number: "26", arguments: ["get", "Todo", "--id", "t1"], exit: 75,
            message: "throttled: DynamoDB:ProvisionedThroughputExceededException: The level of configured"),
        Replay(
            number: "27", arguments: ["list", "Todo"], exit: 75,
            message: "throttled: DynamoDB:DynamoDbException: Throughput exceeds the current capacity"),
        Replay(
            number: "28", arguments: ["get", "Todo", "--id", "4590946a-bdf9-4a63-aa93-385db89e81a1"], exit: 77,
            message:
                "not authorized: Unauthorized: Not Authorized to access description on type Todo (at getTodo.description)"
        ),
        Replay(
            number: "29", arguments: ["query", "{ syncParticipants { items { id room } } }"], exit: 77,
            message:
                "not authorized: Unauthorized: Not Authorized to access room on type Participant (at syncParticipants.items.0.room)"
        ),
        Replay(
            number: "30", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 401 from {host}: UnauthorizedException: You are not authorized to make this call."),
        Replay(
            number: "31", arguments: ["update", "Item", "--id", "1", "--set", "name=x"], exit: 77,
            message:
                "HTTP 403 from {host}: UnrecognizedClientException: The security token included in the request is invalid.; the IAM signature or credentials were refused"
        ),
        Replay(
            number: "32", arguments: ["query", #"mutation { deletePost(input: {id: "1"}) { id } }"#], exit: 2,
            message: "ConflictUnhandled: Conflict resolver rejects mutation."),
        Replay(
            number: "33", arguments: ["update", "Todo", "--id", "t1", "--set", "name=x"], exit: 3,
            message:
                "no Todo id=t1, or not yours (Unauthorized: Not Authorized to access updateTodo on type Mutation); nothing was written",
            others: ["getTodo": #"{"data":{"getTodo":null}}"#]),
        Replay(
            number: "34", arguments: ["get", "Item", "--id", "1"], exit: 77,
            message: "HTTP 401 from {host}: UnauthorizedException: You are not authorized to make this call."),
        Replay(
            number: "35", arguments: ["list", "Order"], exit: 1,
            message:
                "listOrders.items.0.user (page 1, Order item 0): Unauthorized: Not Authorized to access user on type Order",
            output: .lines(0)),
        Replay(
            number: "36", arguments: ["list", "Order"], exit: 77,
            message: "not authorized: Unauthorized: Not Authorized to access listOrders on type Query"),
        Replay(
            number: "37", arguments: ["query", "{ allPosts { id } }"], exit: 1,
            message: "the server answered with errors: Lambda:Unhandled: I fail. always"),
        Replay(
            number: "38", arguments: ["query", "{ getReadings { sensorId } }"], exit: 75,
            message: "throttled: DynamoDB:ProvisionedThroughputExceededException: You exceeded your maximum allowed"),
        Replay(
            number: "39", arguments: ["query", "{ getReadings { sensorId value } }"], exit: 75,
            message: "throttled: DynamoDB:ProvisionedThroughputExceededException: You exceeded your maximum allowed"),
        Replay(
            number: "40", arguments: ["query", "{ syncNotes { items { id } } }"], exit: 1,
            message: "the server answered with errors: Validation error of type UnknownType: Unknown type AWSTimestamp"),
        Replay(
            number: "41", arguments: ["query", "{ syncUsers { items { id } } }"], exit: 77,
            message: "not authorized: Unauthorized: Not Authorized to access syncUsers on type Query"),
        Replay(
            number: "42", arguments: ["get", "Project", "--id", "p1"], exit: 77,
            message: "not authorized: Unauthorized: Not Authorized to access getProject on type Query"),
        Replay(
            number: "43", arguments: ["query", #"mutation { importDomain(id: "d") { id } }"#], exit: 1,
            message: "the server answered with errors: Lambda:Unhandled: Domain is already imported"),
        Replay(
            number: "44", arguments: ["get", "Post", "--id", "p1"], exit: 2,
            message: "DynamoDB:ConditionalCheckFailedException: Conditional check failed exception..."),
        Replay(
            number: "45", arguments: ["query", "{ order { id } }"], exit: 1,
            message:
                "the server answered with errors: MappingTemplate: Template transformation yielded an empty response."),
        Replay(
            number: "46", arguments: ["query", "{ basic_u: echo basic_e: echo quote_u: echo }"], exit: 1,
            message: "the server answered with errors: MappingTemplate: Unexpected character"),
        Replay(
            number: "47", arguments: ["query", "{ searchPosts { items { id } } }"], exit: 1,
            message: "the server answered with errors: MappingTemplate: Value for field '$[operation]' not found."),
    ]

    /// One manifest line.
    struct Entry {
        var file: String
        var status: Int
        var headers: [String]
        var contentType: String
        var model: String?
        var root: String?
        var fields: [(String, String)]
        var constructed: Bool
    }

    static func manifest() throws -> [String: Entry] {
        let text = try String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        var entries: [String: Entry] = [:]
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let value = try JSONValue.parse(Array(line.utf8))
            let file = try #require(value["file"]?.stringValue)
            let number = String(file.dropFirst("bodies/".count).prefix(2))
            var headers: [String] = []
            var contentType = "application/json"
            for (name, header) in value["headers"]?.objectValue ?? JSONObject() {
                if name.lowercased() == "content-type" {
                    contentType = header.stringValue ?? contentType
                } else if let text = header.stringValue {
                    headers.append("\(name): \(text)")
                }
            }
            entries[number] = Entry(
                file: file, status: value["status"]?.intValue ?? 200, headers: headers, contentType: contentType,
                model: value["model"]?.stringValue, root: value["root"]?.stringValue,
                fields: (value["fields"]?.objectValue ?? JSONObject()).map {
                    ($0.key, $0.value.stringValue ?? "String")
                },
                constructed: value["constructed"] == .bool(true))
        }
        return entries
    }

    @Test func everyBodyIsReplayedAndHasASource() throws {
        let entries = try Self.manifest()
        let replayed = Set(Self.replays.map(\.number))
        #expect(Set(entries.keys) == replayed, "bodies without a replay: \(Set(entries.keys).subtracting(replayed))")
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        for entry in entries.values {
            #expect(readme.contains(entry.file), "\(entry.file) is not in the README's table")
        }
        #expect(entries.values.filter { !$0.constructed }.count >= 30, "at least 30 published bodies")
    }

    @Test(arguments: replays)
    func replay(_ replay: Replay) throws {
        let entry = try #require(try Self.manifest()[replay.number], "no manifest line for \(replay.number)")
        let body = try String(contentsOf: Self.folder.appendingPathComponent(entry.file), encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["--api-key", "da2-corpusreplay00000000000", "--compact"]
        if replay.arguments[0] != "query" {
            // A schema with the model the command names, its fields as the body shows them.
            let model = replay.arguments[1]
            var fields = entry.model == model ? entry.fields : []
            if !fields.contains(where: { $0.0 == "id" }) { fields.insert(("id", "ID!"), at: 0) }
            if !fields.contains(where: { $0.0 == "name" }) { fields.append(("name", "String")) }
            let schema =
                "type \(model) @model {\n" + fields.map { "  \($0.0): \($0.1)\n" }.joined() + "}\n"
            try schema.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
            arguments += ["--schema", folder.appendingPathComponent("schema.graphql").path]
        }
        let root = entry.root
        let token = try JSONValue.parse(Array(body.utf8))["data"]?[root ?? ""]?["nextToken"]?.stringValue
        let hasNextToken = replay.arguments[0] == "list" && token != nil
        let reply = ScriptedServer.Reply(
            status: entry.status, contentType: entry.contentType, body: body, headers: entry.headers)
        let lists = LockedCounts()
        let server = try ScriptedServer { _, request in
            for (other, answer) in replay.others where request.contains("\(other)(") {
                return .init(status: 200, body: answer)
            }
            // A listing's next page (the body's `nextToken`) is the last.
            if let root, hasNextToken, lists.next(root) > 0 {
                return .init(status: 200, body: #"{"data":{"\#(root)":{"items":[],"nextToken":null}}}"#)
            }
            return reply
        }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint] + arguments + replay.arguments, in: folder)
        #expect(result.status == replay.exit, "\(result)")
        if let message = replay.message {
            let expected =
                "gqlpatch: error: "
                + message.replacingOccurrences(of: "{host}", with: "127.0.0.1:\(server.port)")
            let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("gqlpatch: note: ") }
            #expect(errors.first?.hasPrefix(expected) == true, "stderr should start with \(expected)\n\(result)")
        }
        let parsed = try JSONValue.parse(Array(body.utf8))
        switch replay.output {
        case .empty:
            #expect(result.stdout.isEmpty, "\(result)")
        case .data:
            #expect(try JSONValue.parse(Array(result.stdout.utf8)) == parsed["data"], "\(result)")
        case .record:
            #expect(try JSONValue.parse(Array(result.stdout.utf8)) == parsed["data"]?[root ?? ""], "\(result)")
        case .lines(let count):
            #expect(result.stdout.split(separator: "\n").count == count, "\(result)")
        }
    }
}
