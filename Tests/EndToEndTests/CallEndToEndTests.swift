import Foundation
import JSON
import Testing

/// `gqlpatch call` against a scripted server, each request checked by graphql-core (validation of
/// the document, and coercion of the variables by their declared types) against the fixture's
/// schema: the document is made from the schema, the values typed by it, and every refusal sends
/// nothing.
@Suite struct CallEndToEndTests {
    static let schema = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call/schema.graphql").path

    /// graphql-core's verdict on each request body: "ok", or its errors.
    static let validator = """
        import json, re, sys
        from graphql import build_schema, parse, validate
        from graphql.execution.values import get_variable_values
        source = open(sys.argv[1]).read()
        # The Amplify directives are the transformer's; the types and root fields are what is checked.
        schema = build_schema("scalar AWSJSON\\n" + re.sub(r"@\\w+(\\([^)]*\\))?", "", source))
        for line in sys.stdin:
            body = json.loads(line)
            document = parse(body["query"])
            errors = [e.message for e in validate(schema, document)]
            if not errors:
                operation = document.definitions[0]
                coerced = get_variable_values(schema, operation.variable_definitions, body.get("variables") or {})
                errors = [e.message for e in coerced] if isinstance(coerced, list) else []
            print("ok" if not errors else "; ".join(errors))
        """

    private func validated(_ bodies: [String]) throws -> [String] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("call-validate-\(UUID()).py")
        try Self.validator.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try CommandRunner.run(
            TestPaths.python, [script.path, Self.schema], stdin: bodies.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    private func call(_ server: ScriptedServer, _ arguments: [String]) throws -> ProcessResult {
        try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", "da2-call", "--allow-insecure-http", "--schema",
                Self.schema,
                "call",
            ] + arguments)
    }

    @Test func eachArgumentIsAVariableOfItsOwnTypeAndTheValueIsPrinted() throws {
        let server = try ScriptedServer { _, body in
            let answer =
                body.contains("publishItem")
                ? #"{"data":{"publishItem":{"id":"42","status":"DONE","meta":"{\"by\":\"ci\"}","stats":{"count":2,"tags":["a"]}}}}"#
                : #"{"data":{"echo":"hello"}}"#
            return ScriptedServer.Reply(status: 200, body: answer)
        }
        defer { server.stop() }
        let published = try call(
            server,
            [
                "publishItem", "--arg", "id=42", "--arg", "status=DONE", "--arg", #"meta:={"by":"ci"}"#, "--arg",
                #"input:={"note":"n","priority":2}"#,
            ])
        #expect(published.status == 0, "\(published)")
        #expect(
            try JSONValue.parse(published.stdout)
                == ["id": "42", "status": "DONE", "meta": #"{"by":"ci"}"#, "stats": ["count": 2, "tags": ["a"]]])
        let echoed = try call(server, ["echo", "--arg", "msg=hello"])
        #expect(echoed.status == 0 && echoed.stdout.trimmingCharacters(in: .newlines) == #""hello""#, "\(echoed)")
        let bodies = server.received
        #expect(bodies.count == 2)
        #expect(try validated(bodies) == ["ok", "ok"])
        let variables = try JSONValue.parse(bodies[0])["variables"]
        // AWSJSON goes as a JSON string, the input object typed field by field.
        #expect(
            variables == [
                "id": "42", "status": "DONE", "meta": #"{"by":"ci"}"#, "input": ["note": "n", "priority": 2],
            ])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Refusal(
            arguments: ["searchItems", "--arg", "trm=a"],
            message: #"gqlpatch: error: --arg trm: searchItems has no argument "trm"; did you mean term?"#),
        Refusal(arguments: ["searchItems"], message: "gqlpatch: error: searchItems needs --arg term (String!)"),
        Refusal(
            arguments: ["publishItem", "--arg", "id=1", "--arg", "status=DON"],
            message: #"gqlpatch: error: $status: "DON" is not a value of enum JobStatus"#),
        Refusal(
            arguments: ["publishItem", "--arg", "id=1", "--arg", "status=DONE", "--arg", "input:={"],
            message: "gqlpatch: error: "),
        Refusal(
            arguments: ["searchItems", "--arg", "term:=[1]"],
            message: "gqlpatch: error: $term: expected a String, got a list"),
        Refusal(
            arguments: ["serchItems"],
            message: #"gqlpatch: error: the schema has no query or mutation "serchItems"; did you mean searchItems?"#),
    ])
    func aBadArgumentSendsNothing(_ refusal: Refusal) throws {
        let server = try ScriptedServer { _, _ in ScriptedServer.Reply(status: 200, body: #"{"data":{}}"#) }
        defer { server.stop() }
        let result = try call(server, refusal.arguments)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix(refusal.message), "\(result)")
        #expect(server.received.isEmpty)
    }

    /// A mutation's answer lost to a 502: sent once and reported as maybe applied; with
    /// --idempotent, sent again.
    @Test func aMutationIsResentOnlyWhenIdempotent() throws {
        let answer = #"{"data":{"publishItem":{"id":"1","status":"DONE","meta":null,"stats":null}}}"#
        for idempotent in [false, true] {
            let server = try ScriptedServer { index, _ in
                index == 0
                    ? ScriptedServer.Reply(status: 502, contentType: "text/html", body: "<html>Bad Gateway</html>")
                    : ScriptedServer.Reply(status: 200, body: answer)
            }
            defer { server.stop() }
            let result = try call(
                server, ["publishItem", "--arg", "id=1", "--arg", "status=DONE"] + (idempotent ? ["--idempotent"] : []))
            #expect(result.status == (idempotent ? 0 : 69), "\(result)")
            #expect(server.received.count == (idempotent ? 2 : 1), "\(result)")
        }
    }

    /// `call <operation> --help` (and `help call <operation>`) describes it from the schema alone.
    @Test func anOperationsHelpIsReadFromTheSchema() throws {
        for arguments in [["call", "publishItem", "--help"], ["help", "call", "publishItem"]] {
            let result = try GQLPatchRun.run(["--schema", Self.schema] + arguments)
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("mutation publishItem(id: ID!, status: JobStatus!") == true, "\(result)")
            #expect(lines.contains("  --arg status=VALUE          JobStatus!, required: QUEUED, RUNNING, DONE, FAILED"))
            #expect(lines.contains("  --arg input:=JSON           PublishInput {note: String!, priority: Int}"))
            #expect(lines.last?.hasSuffix("(--select changes it): id status meta stats { count tags }") == true)
        }
        let unknown = try GQLPatchRun.run(["--schema", Self.schema, "call", "publishItm", "--help"])
        #expect(unknown.status == 65)
        #expect(
            unknown.stderr.hasPrefix(
                #"gqlpatch: error: the schema has no query or mutation "publishItm"; did you mean publishItem?"#))
    }

    @Test func theListNamesTheCustomOperationsOnly() throws {
        let result = try GQLPatchRun.run(["--schema", Self.schema, "call", "--list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.split(separator: "\n") == [
                "query echo(msg: String!): String", "query searchItems(term: String!, limit: Int): [Item]",
                "mutation publishItem(id: ID!, status: JobStatus!, meta: AWSJSON, input: PublishInput): PublishResult",
            ])
    }
}

/// `call --list` over the real Gen 2 projects of the shared corpus: from each `amplify_outputs.json`
/// that describes custom operations, exactly its `queries` and `mutations`; and the same from the
/// compiled schema beside it.
@Suite struct CallCorpusEndToEndTests {
    @Test func theListIsTheIntrospectionsQueriesAndMutations() throws {
        let corpus = TestPaths.corpus
        let projects = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        var checked = 0
        for project in projects {
            let folder = corpus.appendingPathComponent(project)
            let outputs = folder.appendingPathComponent("amplify_outputs.json")
            guard let data = FileManager.default.contents(atPath: outputs.path),
                let introspection = try JSONValue.parse(Array(data))["data"]?["model_introspection"]
            else { continue }
            var expected: Set<String> = []
            for (section, kind) in [("queries", "query"), ("mutations", "mutation")] {
                for name in introspection[section]?.objectValue?.keys ?? [] { expected.insert("\(kind) \(name)") }
            }
            guard !expected.isEmpty else { continue }
            checked += 1
            for schema in [outputs.path, folder.appendingPathComponent("compiled.graphql").path] {
                let run = try GQLPatchRun.run(["--schema", schema, "call", "--list", "--json"])
                #expect(run.status == 0, "\(project): \(run)")
                let listed = try JSONValue.parse(run.stdout).arrayValue ?? []
                let names = Set(listed.map { "\($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")" })
                #expect(names == expected, "\(project) from \(schema)")
            }
        }
        #expect(checked >= 2, "the corpus's Gen 2 projects with custom operations were found")
    }
}

/// `call` against the emulator serving the fixture's custom operations (answered by
/// Tests/Fixtures/call/handler.py, executed by graphql-core): values typed as the schema says, and
/// a function's failure worded for a mutation as one that may have been applied.
@Suite struct CallEmulatorEndToEndTests {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call")
    static let schema = folder.appendingPathComponent("schema.graphql").path

    @Test func eachKindOfOperationIsCalled() throws {
        let emulator = try Emulator(
            schema: Self.schema,
            arguments: [
                "--api-key", Emulator.apiKey, "--custom-handler", Self.folder.appendingPathComponent("handler.py").path,
            ])
        defer { emulator.stop() }
        let published = try emulator.gqlpatch(
            [
                "call", "publishItem", "--arg", "id=42", "--arg", "status=DONE", "--arg", #"meta:={"by":"ci"}"#,
                "--arg", #"input:={"note":"n","priority":3}"#,
            ], schema: Self.schema)
        #expect(published.status == 0, "\(published)")
        #expect(
            try JSONValue.parse(published.stdout)
                == ["id": "42", "status": "DONE", "meta": #"{"by":"ci"}"#, "stats": ["count": 3, "tags": ["n"]]])
        let found = try emulator.gqlpatch(
            ["call", "searchItems", "--arg", "term=lamp", "--arg", "limit=3", "--select", "id"], schema: Self.schema)
        #expect(found.status == 0, "\(found)")
        #expect(try JSONValue.parse(found.stdout) == [["id": "s0"], ["id": "s1"], ["id": "s2"]])
        let echoed = try emulator.gqlpatch(["call", "echo", "--arg", "msg=00123"], schema: Self.schema)
        #expect(try JSONValue.parse(echoed.stdout) == "00123", "a String stays a string: \(echoed)")
        // The same from the compiled schema the API serves (as `schema pull` would write it).
        let compiled = try Emulator.compiledSchema(source: Self.schema, into: emulator.folder)
        let again = try emulator.gqlpatch(
            ["call", "publishItem", "--arg", "id=7", "--arg", "status=QUEUED", "--select", "id,status"],
            schema: compiled)
        #expect(again.status == 0, "\(again)")
        #expect(try JSONValue.parse(again.stdout) == ["id": "7", "status": "QUEUED"])
    }

    @Test func aMutationWhoseFunctionFailedMayHaveBeenApplied() throws {
        let emulator = try Emulator(schema: Self.schema)
        defer { emulator.stop() }
        let run = try emulator.gqlpatch(
            ["call", "publishItem", "--arg", "id=1", "--arg", "status=DONE"], schema: Self.schema)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("gqlpatch: error: the server answered with errors: Lambda:Unhandled: "), "\(run)")
        #expect(run.stderr.contains("; the mutation may or may not have been applied"), "\(run)")
        #expect(try emulator.operationNames() == ["Call"], "sent once, never again by a retry")
    }
}

/// `call` from a Gen 2 `amplify_outputs.json` (Tests/Fixtures/call/gen2): a custom query returning a
/// custom type, a mutation taking an enum, an AWSJSON and an input, an async mutation; against the
/// emulator serving the same operations (source.graphql, answered by handler.py) through
/// graphql-core. The variables sent are the expected ones, types included; refusals send nothing.
@Suite struct CallGen2EndToEndTests {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call/gen2")
    static let outputs = folder.appendingPathComponent("amplify_outputs.json").path

    private func emulator() throws -> Emulator {
        try Emulator(
            schema: Self.folder.appendingPathComponent("source.graphql").path,
            arguments: [
                "--api-key", Emulator.apiKey, "--custom-handler", Self.folder.appendingPathComponent("handler.py").path,
            ])
    }

    @Test func eachOperationIsCalledWithTypedVariables() throws {
        let emulator = try emulator()
        defer { emulator.stop() }
        let weather = try emulator.gqlpatch(["call", "getWeather", "--arg", "city=Oslo"], schema: Self.outputs)
        #expect(weather.status == 0, "\(weather)")
        #expect(
            try JSONValue.parse(weather.stdout)
                == [
                    "city": "Oslo", "temperature": 21.5, "unit": "CELSIUS",
                    "days": [["date": "2026-12-07", "high": 23.0]],
                ])
        let report = try emulator.gqlpatch(
            [
                "call", "report", "--arg", "kind=BUG", "--arg", #"payload:={"a":1}"#, "--arg",
                #"details:={"note":"x","count":2}"#,
            ], schema: Self.outputs)
        #expect(report.status == 0, "\(report)")
        #expect(try JSONValue.parse(report.stdout) == ["id": "BUG-2-1", "accepted": true])
        let started = try emulator.gqlpatch(["call", "startExport", "--arg", "format=csv"], schema: Self.outputs)
        #expect(try JSONValue.parse(started.stdout) == ["success": true], "\(started)")
        let variables = try emulator.bodies().map { $0["variables"] ?? .null }
        #expect(
            variables == [
                ["city": "Oslo"], ["kind": "BUG", "payload": #"{"a":1}"#, "details": ["note": "x", "count": 2]],
                ["format": "csv"],
            ])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Refusal(
            arguments: ["report", "--arg", "kind=BOG"],
            message: #"gqlpatch: error: $kind: "BOG" is not a value of enum ReportKind"#),
        Refusal(arguments: ["report"], message: "gqlpatch: error: report needs --arg kind (ReportKind!)"),
        Refusal(
            arguments: ["report", "--arg", "kind=BUG", "--arg", "details:={\"count\":1}"],
            message: "gqlpatch: error: $details"),
        Refusal(
            arguments: ["getWeather", "--arg", "city:=[\"a\"]"],
            message: "gqlpatch: error: $city: expected a String, got a list"),
        Refusal(arguments: ["report", "--arg", "kind=BUG", "--arg", "payload:={"], message: "gqlpatch: error: "),
        Refusal(
            arguments: ["getWeather", "--arg", "cty=Oslo"],
            message: #"gqlpatch: error: --arg cty: getWeather has no argument "cty"; did you mean city?"#),
    ])
    func aBadArgumentSendsNothing(_ refusal: Refusal) throws {
        let emulator = try emulator()
        defer { emulator.stop() }
        let run = try emulator.gqlpatch(["call"] + refusal.arguments, schema: Self.outputs)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.hasPrefix(refusal.message), "\(run)")
        #expect(try emulator.operationNames().isEmpty)
    }
}
