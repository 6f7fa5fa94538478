import Foundation
import JSON
import Testing

/// `--api-id`: the API's endpoints and auth mode from `GetGraphqlApi`, its schema from
/// `GetIntrospectionSchema`, both signed with SigV4 for service `appsync`. Two control planes answer:
/// moto's (a server the project did not write) and the emulator's own (for what moto lacks: real
/// endpoint URIs), which checks every signature with botocore; the emulator refuses introspection
/// (`--introspection disabled`), so the schema can only have come from the control plane.
@Suite struct APIByIDEndToEndTests {
    static let apiID = "e2eapiidabcdefghijklmnopq"
    static let accessKey = "AKIDCONTROLPLANE"
    static let secret = "control-plane-secret-0123456789"

    /// An emulator answering as AppSync's control plane for `apiID` too, and a home for the cache.
    final class Bed: @unchecked Sendable {
        // @unchecked: owned by the one test that made it.
        let emulator: Emulator
        let home: URL

        init() throws {
            emulator = try Emulator(arguments: [
                "--api-key", Emulator.apiKey, "--iam",
                "\(APIByIDEndToEndTests.accessKey):\(APIByIDEndToEndTests.secret):us-east-1",
                "--control-plane-api-id", APIByIDEndToEndTests.apiID, "--introspection", "disabled",
            ])
            home = emulator.folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try emulator.create("Item", ["id": "x", "name": "before"])
        }

        var controlPlane: String { "http://127.0.0.1:\(emulator.port)" }

        /// The environment of a run: the AWS credentials, the control plane's URL, a home of its own.
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            var all = [
                "HOME": home.path, "AWS_ACCESS_KEY_ID": APIByIDEndToEndTests.accessKey,
                "AWS_SECRET_ACCESS_KEY": APIByIDEndToEndTests.secret, "AWS_ENDPOINT_URL_APPSYNC": controlPlane,
            ]
            all.merge(extra) { _, new in new }
            return all.filter { !$0.value.isEmpty }
        }

        func gqlpatch(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
            try GQLPatchRun.run(arguments, environment: environment(extra), in: home)
        }

        /// `--api-id` with its region and the API key (the control plane never gives a key).
        func byID(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
            try gqlpatch(
                ["--api-id", APIByIDEndToEndTests.apiID, "--region", "us-east-1", "--api-key", Emulator.apiKey]
                    + arguments, environment: extra)
        }

        /// The control-plane requests the emulator received: (path with query, status).
        func controlPlaneRequests() throws -> [(String, Int)] {
            try emulator.requests().compactMap { request in
                guard let path = request["path"]?.stringValue, path.hasPrefix("/v1/apis/") else { return nil }
                return (path, request["status"]?.intValue ?? 0)
            }
        }

        var cacheFile: URL {
            home.appendingPathComponent(".cache/gqlpatch/apis/us-east-1.\(APIByIDEndToEndTests.apiID).json")
        }

        func stop() { emulator.stop() }
    }

    @Test func anUpdatePlansFromTheControlPlanesSchemaWhenIntrospectionIsOff() throws {
        let bed = try Bed()
        defer { bed.stop() }
        // Introspection through the GraphQL endpoint is refused...
        let pulled = try bed.gqlpatch([
            "--endpoint", bed.emulator.endpoint, "--api-key", Emulator.apiKey, "schema", "pull",
        ])
        #expect(pulled.status == 1, "\(pulled)")
        #expect(pulled.stderr.contains("introspection is disabled"), "\(pulled)")
        // ...and an update by API id plans from GetIntrospectionSchema, sends only the field named.
        let updated = try bed.byID(["update", "Item", "--id", "x", "--set", "name=after", "--compact"])
        #expect(updated.status == 0, "\(updated)")
        #expect(try updated.json()["name"] == "after")
        let requests = try bed.controlPlaneRequests()
        // Status 200: the emulator re-signed each request with botocore and the signatures matched.
        #expect(
            requests.map(\.0) == [
                "/v1/apis/\(Self.apiID)", "/v1/apis/\(Self.apiID)/schema?format=SDL&includeDirectives=true",
            ])
        #expect(requests.allSatisfy { $0.1 == 200 }, "\(requests)")
        let inputs = try bed.emulator.inputs(of: "UpdateItem")
        #expect(inputs.count == 1 && inputs[0].objectValue?.keys.sorted() == ["id", "name"], "\(inputs)")
        // A second run reads the cache: nothing more asked of the control plane.
        let read = try bed.byID(["get", "Item", "--id", "x", "--compact"])
        #expect(read.status == 0, "\(read)")
        #expect(try bed.controlPlaneRequests().count == 2)
        // The cache is private and holds no secret.
        let attributes = try FileManager.default.attributesOfItem(atPath: bed.cacheFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let cached = try String(contentsOf: bed.cacheFile, encoding: .utf8)
        #expect(!cached.contains(Self.secret) && !cached.contains(Emulator.apiKey) && !cached.contains(Self.accessKey))
        // schema pull by API id prints GetIntrospectionSchema's SDL; --refresh asks again.
        let sdl = try bed.byID(["schema", "pull", "--refresh"])
        #expect(sdl.status == 0, "\(sdl)")
        #expect(sdl.stdout.contains("type Item"), "\(sdl)")
        #expect(try bed.controlPlaneRequests().count == 4)
        let refreshWithoutID = try bed.gqlpatch(["--schema", TestPaths.schema, "schema", "--refresh"])
        #expect(refreshWithoutID.status == 64, "\(refreshWithoutID)")
        #expect(refreshWithoutID.stderr.hasPrefix("gqlpatch: error: --refresh asks AppSync's control plane again"))
    }

    @Test func motosControlPlaneGivesTheSchemaAndTheFlagsEndpointWins() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let compiled = try Emulator.compiledSchema(into: bed.emulator.folder)
        let moto = try MotoAppSync(schema: compiled)
        defer { moto.stop() }
        // moto's GetGraphqlApi gives no real endpoint (http://graphql.uri): the flag's is used.
        let updated = try bed.gqlpatch(
            [
                "--api-id", moto.apiID, "--region", "us-east-1", "--endpoint", bed.emulator.endpoint, "--api-key",
                Emulator.apiKey, "update", "Item", "--id", "x", "--set", "description=from moto's schema", "--compact",
            ], environment: ["AWS_ENDPOINT_URL_APPSYNC": moto.endpoint])
        #expect(updated.status == 0, "\(updated)")
        #expect(try updated.json()["description"] == "from moto's schema")
        let requests = try moto.requests()
        #expect(
            requests.compactMap { $0["path"]?.stringValue } == [
                "/v1/apis/\(moto.apiID)", "/v1/apis/\(moto.apiID)/schema",
            ])
        #expect(requests.allSatisfy { $0["signedForAppSync"] == .bool(true) }, "\(requests)")
        #expect(requests.last?["query"] == "format=SDL&includeDirectives=true")
        #expect(try bed.controlPlaneRequests().isEmpty, "the emulator's control plane was not asked")
    }

    @Test func theServiceVariableWinsOverTheGlobalOneWhichServesAlone() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let closed = try ClosedPort()
        let global = try bed.byID(
            ["get", "Item", "--id", "x"],
            environment: ["AWS_ENDPOINT_URL_APPSYNC": "", "AWS_ENDPOINT_URL": bed.controlPlane])
        #expect(global.status == 0, "AWS_ENDPOINT_URL alone: \(global)")
        let both = try bed.byID(
            ["schema", "pull", "--refresh"],
            environment: [
                "AWS_ENDPOINT_URL_APPSYNC": "http://127.0.0.1:\(closed.port)", "AWS_ENDPOINT_URL": bed.controlPlane,
            ])
        #expect(both.status == 69, "AWS_ENDPOINT_URL_APPSYNC wins: \(both)")
        #expect(both.stderr.contains("127.0.0.1:\(closed.port)"), "\(both)")
    }

    @Test func aNameTheCachedSchemaLacksAsksForTheSchemaAgain() throws {
        let bed = try Bed()
        defer { bed.stop() }
        #expect(try bed.byID(["get", "Item", "--id", "x"]).status == 0)
        // The cache as an older deploy left it: Item without `description`.
        let cached = try String(contentsOf: bed.cacheFile, encoding: .utf8)
        let older = cached.replacingOccurrences(of: #"\n  description: String"#, with: "")
        #expect(older != cached)
        try older.write(to: bed.cacheFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: bed.cacheFile.path)
        let updated = try bed.byID(["update", "Item", "--id", "x", "--set", "description=new field", "--compact"])
        #expect(updated.status == 0, "\(updated)")
        #expect(updated.stderr.contains("the API's schema was read from the cache: asking for it again"), "\(updated)")
        #expect(try updated.json()["description"] == "new field")
        #expect(try bed.controlPlaneRequests().count == 4)
        #expect(try String(contentsOf: bed.cacheFile, encoding: .utf8).contains(#"\n  description: String"#))
        // A name the API has not either: asked once more, then refused (nothing sent).
        let unknown = try bed.byID(["update", "Item", "--id", "x", "--set", "nosuch=1"])
        #expect(unknown.status == 65, "\(unknown)")
        #expect(unknown.stderr.contains("gqlpatch: error: unknown field \"nosuch\" for Item"), "\(unknown)")
        #expect(try bed.controlPlaneRequests().count == 6)
        #expect(try bed.emulator.inputs(of: "UpdateItem").count == 1)
    }

    @Test func anEnvironmentAndTheVariableNameTheAPIByItsID() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let added = try bed.gqlpatch([
            "env", "add", "prod", "--api-id", Self.apiID, "--region", "us-east-1", "--api-key-env", "PROD_KEY",
        ])
        #expect(added.status == 0, "\(added)")
        let reached = try bed.gqlpatch(
            ["get", "Item", "--id", "x", "--compact"],
            environment: ["GQLPATCH_ENV": "prod", "PROD_KEY": Emulator.apiKey])
        #expect(reached.status == 0, "\(reached)")
        #expect(try reached.json()["name"] == "before")
        let shown = try bed.gqlpatch(
            ["env", "show", "--compact"], environment: ["GQLPATCH_ENV": "prod", "PROD_KEY": Emulator.apiKey])
        #expect(shown.status == 0, "\(shown)")
        let values = try shown.json()["values"]?.arrayValue ?? []
        func row(_ name: String) -> JSONValue? { values.first { $0["name"] == .string(name) } }
        #expect(row("apiId")?["from"] == "environment prod (GQLPATCH_ENV)", "\(shown)")
        #expect(row("endpoint")?["value"] == .string(bed.emulator.endpoint), "\(shown)")
        #expect(row("endpoint")?["from"] == .string("API \(Self.apiID) (AppSync's control plane)"), "\(shown)")
        #expect(row("auth")?["value"] == "api-key", "\(shown)")
        let file = try String(
            contentsOf: bed.home.appendingPathComponent(".config/gqlpatch/environments.json"), encoding: .utf8)
        #expect(file.contains(Self.apiID) && !file.contains(Emulator.apiKey) && !file.contains(Self.secret))
        // GQLPATCH_API_ID names it too.
        let variable = try bed.gqlpatch(
            ["--region", "us-east-1", "--api-key", Emulator.apiKey, "get", "Item", "--id", "x", "--compact"],
            environment: ["GQLPATCH_API_ID": Self.apiID])
        #expect(variable.status == 0, "\(variable)")
    }

    @Test func whatTheControlPlaneRefusesIsSaidWithItsExitCode() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let unknown = try bed.gqlpatch(
            [
                "--api-id", "nosuchapi", "--region", "us-east-1", "--api-key", Emulator.apiKey, "get", "Item", "--id",
                "x",
            ])
        #expect(unknown.status == 78, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("gqlpatch: error: no GraphQL API nosuchapi in region us-east-1"), "\(unknown)")
        let wrongSecret = try bed.byID(["get", "Item", "--id", "x"], environment: ["AWS_SECRET_ACCESS_KEY": "wrong"])
        #expect(wrongSecret.status == 77, "\(wrongSecret)")
        #expect(wrongSecret.stderr.hasPrefix("gqlpatch: error: AppSync's control plane refused the AWS credentials"))
        #expect(!wrongSecret.stderr.contains("wrong") || !wrongSecret.stderr.contains("Signature="))
        let noRegion = try bed.gqlpatch([
            "--api-id", Self.apiID, "--api-key", Emulator.apiKey, "get", "Item", "--id", "x",
        ])
        #expect(noRegion.status == 78, "\(noRegion)")
        #expect(noRegion.stderr.hasPrefix("gqlpatch: error: an API named by its id needs its region"), "\(noRegion)")
        let badID = try bed.gqlpatch(["--api-id", "a/b", "--region", "us-east-1", "get", "Item", "--id", "x"])
        #expect(badID.status == 78, "\(badID)")
        #expect(badID.stderr.hasPrefix("gqlpatch: error: --api-id 'a/b' is not an AppSync API id"), "\(badID)")
        #expect(try !bed.emulator.operationNames().contains("GetItem"), "nothing reached the API")
    }
}
