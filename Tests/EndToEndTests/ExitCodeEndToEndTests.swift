import Foundation
import JSON
import Testing

/// Every exit code of the documented table, produced through the real binary. Each failure
/// asserts the code, the start of the message and an empty stdout.
@Suite struct ExitCodeEndToEndTests {
    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]

    /// An emulator (with `arguments`) holding Item item-1 named Chair.
    private func emulatorWithItem(_ arguments: [String] = []) throws -> Emulator {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + arguments)
        try emulator.create("Item", ["id": "item-1", "name": "Chair", "description": "old"])
        return emulator
    }

    private func storedName(_ emulator: Emulator) throws -> JSONValue? {
        try emulator.graphQL(#"{ getItem(id: "item-1") { name } }"#)["data"]?["getItem"]?["name"]
    }

    /// A scratch folder for runs that need no emulator.
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: - 0, 1, 2, 3

    @Test func done0() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.update)
        #expect(try result.singleDocument()["name"] == "Lamp")
        #expect(result.stderr.isEmpty)
    }

    /// The schema gqlpatch reads has a field the API lacks: the server rejects the document.
    @Test func graphQLError1() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let source = try String(contentsOfFile: TestPaths.schema, encoding: .utf8)
        let marker = "  description: String\n"
        try #require(source.contains(marker))
        let schema = try emulator.file(
            "extra-field.graphql", source.replacingOccurrences(of: marker, with: marker + "  weight: Float\n"))
        let result = try emulator.gqlpatch(Self.update, schema: schema)
        result.expectFailure(
            1,
            "gqlpatch: error: the server answered with errors: Validation error of type FieldUndefined: Field 'weight' in type 'Item' is undefined"
        )
        #expect(try storedName(emulator) == "Chair")

        let envelope = try emulator.gqlpatch(["--output", "envelope"] + Self.update, schema: schema)
        #expect(envelope.status == 1)
        #expect(
            try envelope.json()["errors"]?.arrayValue?.first?["message"]?.stringValue?.contains("'weight'") == true,
            "--output envelope prints the failed response: \(envelope)")
    }

    @Test func conflict2() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.update + ["--if", "name=Sofa"])
        result.expectFailure(
            2,
            "gqlpatch: error: Item id=item-1: the --if condition is false (DynamoDB:ConditionalCheckFailedException: ")
        #expect(try storedName(emulator) == "Chair")
    }

    @Test func notFound3() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["update", "Item", "--id", "nope", "--set", "name=Lamp"])
        result.expectFailure(3, "gqlpatch: error: no Item id=nope")
    }

    // MARK: - 64, 65, 66: refused before anything is sent

    struct Refused: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { "\(status): " + arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Refused(
            arguments: [], status: 64, message: "gqlpatch: error: no command given\nRun 'gqlpatch --help' for usage.\n"),
        Refused(
            arguments: ["--frob"] + ExitCodeEndToEndTests.update, status: 64,
            message: "gqlpatch: error: unknown option '--frob'\nRun 'gqlpatch update --help' for usage.\n"),
        Refused(
            arguments: ["update", "Item", "--id", "item-1", "--set"], status: 64,
            message: "gqlpatch: error: missing value for --set\n"),
        Refused(
            arguments: ["update", "Itme", "--id", "item-1", "--set", "name=Lamp"], status: 65,
            message: "gqlpatch: error: unknown model 'Itme' (did you mean 'Item'?)"),
        Refused(
            arguments: ["update", "Item", "--id", "item-1", "--patch", "/nonexistent/patch.json"], status: 66,
            message: "gqlpatch: error: cannot read /nonexistent/patch.json"),
    ])
    func refusedBeforeSending(_ refused: Refused) throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch(refused.arguments)
        result.expectFailure(refused.status, refused.message)
        #expect(try emulator.requests().count == before, "nothing may be sent")
    }

    // MARK: - 69: unreachable, 5xx, timeout

    @Test func closedPort69() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A port that was just free and is closed again.
        let server = try ScriptedServer { _, _ in .init(status: 200, body: "{}") }
        let endpoint = server.endpoint
        server.stop()
        let result = try GQLPatchRun.run(
            ["--endpoint", endpoint, "--schema", TestPaths.schema, "--api-key", Emulator.apiKey] + Self.update,
            in: folder)
        // The port and the endpoint, and what to check (issue 34 #5).
        result.expectFailure(
            69,
            "gqlpatch: error: cannot connect to 127.0.0.1 port \(server.port): connection refused (endpoint \(endpoint)); is the server running, and is that its address?"
        )
    }

    /// libcurl carries only what goes through a proxy (gqlpatch's own client does not speak to
    /// proxies) and is loaded on such a run's first request; where the loader finds no usable
    /// libcurl.so.4 (here an empty file placed first on the search path), a proxied `apply` stops
    /// with 69 and says so, sending nothing. Without a proxy, `apply` sends over gqlpatch's own
    /// connections, as a one-command run does, and needs no libcurl at all.
    @Test func libcurlMissing69() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let libraries = emulator.folder.appendingPathComponent("no-libcurl")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try Data().write(to: libraries.appendingPathComponent("libcurl.so.4"))
        let batch = emulator.folder.appendingPathComponent("batch.jsonl")
        try Data(#"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Lamp"}}"#.utf8).write(to: batch)
        let noLibcurl = ["LD_LIBRARY_PATH": libraries.path]
        let before = try emulator.requests().count
        // A proxy on this machine (nothing listens there: nothing may be sent anyway).
        let proxied = noLibcurl.merging(["http_proxy": "http://127.0.0.1:9", "no_proxy": "", "NO_PROXY": ""]) { $1 }
        let result = try emulator.gqlpatch(["apply", batch.path], environment: proxied)
        result.expectFailure(69, "gqlpatch: error: cannot load libcurl (install libcurl4): ")
        #expect(try emulator.requests().count == before, "nothing may be sent")
        // --dry-run never loads it, and neither does a one-command run or a batch without a proxy.
        let dryRun = try emulator.gqlpatch(["--dry-run"] + Self.update, environment: noLibcurl)
        #expect(dryRun.status == 0, "\(dryRun)")
        let update = try emulator.gqlpatch(Self.update, environment: noLibcurl)
        #expect(update.status == 0, "\(update)")
        #expect(try update.json()["name"] == "Lamp", "\(update)")
        let direct = try emulator.gqlpatch(["apply", batch.path], environment: noLibcurl)
        #expect(direct.status == 0, "\(direct)")
        #expect(direct.stdout.contains(#""status":"updated""#), "\(direct)")
    }

    @Test func serverError69() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--fail-rate", "1"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.update)
        result.expectFailure(69, "gqlpatch: error: HTTP 500 from 127.0.0.1:\(emulator.port)")
        #expect(try emulator.requests().map { $0["fault"] } == ["fail"])
    }

    @Test func timeout69() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "3000"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["--timeout", "1"] + Self.update)
        result.expectFailure(69, "gqlpatch: error: request to 127.0.0.1 timed out after 1 s")
    }

    /// The emulator closes the connection without answering.
    @Test func droppedConnection69() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--drop-rate", "1"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.update)
        #expect(result.stdout.isEmpty)
        #expect(try emulator.requests().first?["fault"] == "drop")
        result.expectFailure(69, "gqlpatch: error: the connection to 127.0.0.1")
    }

    // MARK: - 75

    @Test func throttled75() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--throttle-rate", "1"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(Self.update)
        // Tried 5 times, each after the Retry-After second, a note for each retry (issue 32 #2).
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.count == 5 && lines.dropLast().allSatisfy { $0.hasPrefix("gqlpatch: note: throttled") }, "\(result)")
        #expect(
            lines.last?.hasPrefix(
                "gqlpatch: error: throttled: HTTP 429 from 127.0.0.1:\(emulator.port) (Retry-After: 1): TooManyRequestsException: Rate exceeded"
            ) == true, "\(result)")
        #expect(try emulator.requests().count == 5)
    }

    // MARK: - 76

    struct Garbage: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: ScriptedServer.Reply
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Garbage(
            name: "HTML page",
            reply: .init(status: 200, contentType: "text/html", body: "<html><body>Hello</body></html>"),
            message: "with a body that is not JSON, not a GraphQL response"),
        Garbage(
            name: "truncated JSON", reply: .init(status: 200, body: #"{"data":{"updateItem":{"id":"item-1","na"#),
            message: "with a body that is not JSON, not a GraphQL response"),
        Garbage(
            name: "empty body", reply: .init(status: 200, body: ""),
            message: "with an empty body, not a GraphQL response"),
        Garbage(
            name: "JSON that is not GraphQL", reply: .init(status: 200, body: #"{"message":"hello"}"#),
            message: #": JSON without "data" or "errors""#),
        Garbage(
            name: "404 HTML page", reply: .init(status: 404, contentType: "text/html", body: "<h1>Not Found</h1>"),
            message: ": not a GraphQL endpoint (check the URL's path)"),
    ])
    func badResponse76(_ garbage: Garbage) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ScriptedServer { _, _ in garbage.reply }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--auth", "none", "--schema", TestPaths.schema] + Self.update, in: folder)
        result.expectFailure(
            76,
            "gqlpatch: error: HTTP \(garbage.reply.status) from 127.0.0.1:\(server.port)\(garbage.message.hasPrefix(":") ? "" : " ")\(garbage.message)"
        )
        #expect(server.received.count == 1)
    }

    /// A wrong path on the emulator: HTTP 404 with `{"errors":[{"errorType":"NotFoundException"}]}`.
    @Test func wrongPath76() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://127.0.0.1:\(emulator.port)/nope", "--schema", TestPaths.schema, "--api-key",
                Emulator.apiKey,
            ]
                + Self.update, in: emulator.folder)
        #expect(result.stdout.isEmpty)
        #expect(try emulator.requests().last?["status"] == 404)
        result.expectFailure(76, "gqlpatch: error: HTTP 404 from 127.0.0.1:\(emulator.port): not a GraphQL endpoint")
    }

    // MARK: - 77

    @Test func wrongAPIKey77() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let result = try emulator.gqlpatchWithoutCredentials(["--api-key", "da2-wrongkey"] + Self.update)
        result.expectFailure(
            77,
            "gqlpatch: error: HTTP 401 from 127.0.0.1:\(emulator.port): UnauthorizedException: Valid authorization header not provided."
        )
        #expect(try storedName(emulator) == "Chair")
    }

    /// A token-mode API: the token travels raw in `authorization`, without `Bearer`.
    @Test func tokens() throws {
        let emulator = try emulatorWithItem(["--token", "t1"])
        defer { emulator.stop() }
        let wrong = try emulator.gqlpatchWithoutCredentials(["--auth", "user-pool", "--token", "wrong"] + Self.update)
        wrong.expectFailure(77, "gqlpatch: error: HTTP 401 from 127.0.0.1:\(emulator.port): UnauthorizedException: ")
        #expect(try storedName(emulator) == "Chair")

        let right = try emulator.gqlpatchWithoutCredentials(["--auth", "user-pool", "--token", "t1"] + Self.update)
        #expect(try right.singleDocument()["name"] == "Lamp")
        let headers = try #require(try emulator.requests().last?["headers"]?.objectValue)
        #expect(headers["authorization"] == "t1")
        #expect(headers["x-api-key"] == nil)
    }

    // MARK: - 78: configuration, refused before any connection

    @Test func noEndpoint78() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try GQLPatchRun.run(["--schema", TestPaths.schema] + Self.update, in: folder)
        result.expectFailure(
            78,
            "gqlpatch: error: no endpoint: pass --endpoint URL, set GQLPATCH_ENDPOINT, or run where amplify_outputs.json or amplifyconfiguration.json is\n"
        )
    }

    @Test func schemaSyntaxError78() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let schema = try emulator.file("broken.graphql", "type Item @model {\n  id: ID!\n  name String\n}\n")
        let result = try emulator.gqlpatch(Self.update, schema: schema)
        result.expectFailure(78, "\(schema):3:8: error: expected \":\", found Name \"String\"")
        #expect(try emulator.requests().count == before)
    }

    @Test func apiKeyModeWithoutKey78() throws {
        let emulator = try emulatorWithItem()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatchWithoutCredentials(["--auth", "api-key"] + Self.update)
        result.expectFailure(
            78, "gqlpatch: error: auth mode api-key needs an API key: pass --api-key KEY or set GQLPATCH_API_KEY\n")
        #expect(try emulator.requests().count == before)
    }

    /// Credentials over plain http:// to a host that is not loopback: refused before connecting
    /// (the host does not even resolve, so an attempt would end in 69; `--verbose` would trace it).
    @Test(arguments: [["--api-key", Emulator.apiKey], ["--auth", "user-pool", "--token", "t1"]])
    func credentialsOverPlainHTTP78(_ credentials: [String]) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let endpoint = "http://example.invalid/graphql"
        let verbose = try GQLPatchRun.run(
            ["--verbose", "--endpoint", endpoint, "--schema", TestPaths.schema] + credentials + Self.update, in: folder)
        // --verbose first says which config was read (none here), then the error.
        var result = verbose
        let configLine =
            "gqlpatch: config: none (no --config, no amplify_outputs.json or amplifyconfiguration.json in \(folder.path))\n"
        #expect(result.stderr.hasPrefix(configLine), "\(result)")
        result.stderr = String(result.stderr.dropFirst(configLine.count))
        result.expectFailure(
            78,
            "gqlpatch: error: refusing to send credentials over plain http:// to \(endpoint); use https:// or pass --allow-insecure-http\n"
        )
        #expect(!result.stderr.contains("> POST"), "no request may be attempted")
        #expect(!result.stderr.contains(Emulator.apiKey))
    }
}
