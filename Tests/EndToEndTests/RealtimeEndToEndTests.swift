import Foundation
import JSON
import Testing

/// `watch` and `wait` against the emulator's real-time endpoint (`/graphql/realtime`, derived from
/// its http endpoint): every auth mode the emulator serves, the race between reading and
/// subscribing closed with `--write-after`, dropped connections and withheld keep-alives.
@Suite struct RealtimeEndToEndTests {
    static let update42 =
        #"{"query": "mutation { updateItem(input: {id: \"42\", name: \"Done\"}) { id name } }"}"#

    static func emulator(_ extra: [String] = []) throws -> Emulator {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + extra)
        try emulator.create("Item", ["id": "42", "name": "Chair"])
        return emulator
    }

    /// Starts `watch` in the background and waits until it is subscribed (its `--verbose` note).
    static func watch(
        _ emulator: Emulator, _ arguments: [String], credentials: [String]? = nil, env: [String: String] = [:],
        home: URL? = nil
    ) throws -> ApplyProcess {
        var environment = env
        if let home { environment["HOME"] = home.path }
        environment["AWS_EC2_METADATA_DISABLED"] = "true"
        let process = try ApplyProcess(
            ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "--verbose"]
                + (credentials ?? ["--api-key", Emulator.apiKey]) + ["watch"] + arguments,
            in: emulator.folder, environment: environment)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.process.isRunning, !process.stderr.contains("subscribed to") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process
    }

    /// An update by another writer that selects the whole record, as Amplify's clients do.
    static func update(_ emulator: Emulator, id: String = "42", name: String) throws {
        _ = try emulator.graphQL(
            """
            mutation U($input: UpdateItemInput!) { updateItem(input: $input) {
              id name description modelFile { bucket region key contentType size }
              imageFile { bucket region key contentType size } tags createdAt updatedAt } }
            """,
            variables: ["input": ["id": .string(id), "name": .string(name)]])
    }

    @Test func waitSeesAChangeThatLandsRightAfterItsRead() throws {
        // Request 1 is the seeding create; request 2 is wait's read, and the emulator makes the
        // change right after answering it: only the subscription, made before the read, can see it.
        let emulator = try Self.emulator(["--write-after", "2:\(Self.update42)"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "name=Done", "--timeout", "20s"])
        #expect(result.status == 0, "\(result)")
        #expect(try JSONValue.parse(result.stdout)["name"] == "Done")
        let reads = try emulator.bodies().filter { ($0["query"]?.stringValue ?? "").contains("getItem") }
        #expect(reads.count == 2, "the first read found Chair, the event made it read again")
    }

    @Test func waitReturnsAtOnceWhenTheRecordAlreadyHoldsTheValues() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "name=Chair", "--select", "id"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""id""#) && !result.stdout.contains("name"))
    }

    @Test func waitEndsWithThreeWhenTheRecordIsDeleted() throws {
        let delete = #"{"query": "mutation { deleteItem(input: {id: \"42\"}) { id name } }"}"#
        let emulator = try Self.emulator(["--write-after", "2:\(delete)"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "name=Done", "--timeout", "20s"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: Item id=42 was deleted"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func waitTimesOutWithOneTwentyFour() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "wait", "Item", "--id", "42", "--until", "name=Never", "--timeout", "500ms",
        ])
        #expect(result.status == 124, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: Item id=42 did not reach name=Never before --timeout"))
        #expect(result.stdout.isEmpty)
    }

    @Test func watchPrintsEveryEventOnceInOrder() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let watch = try Self.watch(emulator, ["Item", "--on", "update", "--count", "3", "--timeout", "30s"])
        for name in ["one", "two", "three"] { try Self.update(emulator, name: name) }
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        let lines = watch.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0)) }
        #expect(lines.map { $0?["item"]?["name"] } == ["one", "two", "three"])
        #expect(lines.allSatisfy { $0?["event"] == "update" && $0?["model"] == "Item" && $0?["key"] == ["id": "42"] })
    }

    @Test func watchFiltersWithWhereAndStopsAtItsTimeout() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let watch = try Self.watch(emulator, ["Item", "--where", "name^=k", "--timeout", "3s"])
        for name in ["keep", "drop", "kept"] { try Self.update(emulator, name: name) }
        #expect(try watch.wait(timeout: 30) == 124, "\(watch.stderr)")
        let names = watch.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0))["item"]?["name"] }
        #expect(names == ["keep", "kept"])
        #expect(watch.stderr.contains("gqlpatch: watch: --timeout passed after 2 events"))
        // The schema's subscriptions take Amplify v2's `filter`, so the service filtered too: it
        // sent the two matching events, not three.
        let log = try emulator.requests()
        let starts = log.filter { $0["realtime"]?.stringValue == "start" }
        #expect(!starts.isEmpty)
        for start in starts {
            let data = try JSONValue.parse(start["data"]?.stringValue ?? "")
            #expect(data["variables"]?["filter"] == .object(["name": .object(["beginsWith": .string("k")])]))
            #expect(data["query"]?.stringValue?.contains("(filter: $filter)") == true)
        }
        #expect(log.filter { $0["realtime"]?.stringValue == "data" }.count == 2)
        #expect(watch.stderr.contains("events of Item at ws://"), "\(watch.stderr)")
        #expect(watch.stderr.contains("(the service filters them)"), "\(watch.stderr)")
    }

    @Test func aFilterTheSubscriptionCannotSayIsLeftToTheClient() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        // A test for null has no operator in ModelSubscriptionStringInput (no attributeExists).
        let watch = try Self.watch(emulator, ["Item", "--where", "description:=null", "--count", "1"])
        try Self.update(emulator, name: "first")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(try JSONValue.parse(watch.stdout)["item"]?["name"] == "first")
        #expect(watch.stderr.contains("(filtered here: the subscriptions cannot say every test)"), "\(watch.stderr)")
        for start in try emulator.requests() where start["realtime"]?.stringValue == "start" {
            let data = try JSONValue.parse(start["data"]?.stringValue ?? "")
            #expect(data["variables"]?["filter"] == nil)
        }
    }

    @Test func aDroppedConnectionIsMadeAgainAndTheGapReported() throws {
        let emulator = try Self.emulator(["--realtime-drop-after", "1"])
        defer { emulator.stop() }
        let watch = try Self.watch(emulator, ["Item", "--on", "update", "--count", "2", "--timeout", "30s"])
        try Self.update(emulator, name: "first")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !watch.stderr.contains("subscribed again") { Thread.sleep(forTimeInterval: 0.02) }
        try Self.update(emulator, name: "second")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stderr.contains("changes made meanwhile were not delivered"))
        let names = watch.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0))["item"]?["name"] }
        #expect(names == ["first", "second"])
    }

    @Test func withheldKeepAlivesLeadToAReconnectAndWaitStillAnswers() throws {
        let emulator = try Self.emulator([
            "--realtime-ka-ms", "100", "--realtime-connection-timeout-ms", "500", "--realtime-withhold-ka",
        ])
        defer { emulator.stop() }
        let watch = try Self.watch(emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !watch.stderr.contains("subscribed again") { Thread.sleep(forTimeInterval: 0.02) }
        #expect(watch.stderr.contains("no keep-alive"), "\(watch.stderr)")
        try Self.update(emulator, name: "after")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        // wait, on the same silent server, still finds the value (each reconnect reads again).
        try Self.update(emulator, name: "Done")
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "name=Done", "--timeout", "10s"])
        #expect(result.status == 0, "\(result)")
    }

    @Test(arguments: ["lambda", "oidc"])
    func tokenAuthCarriesTheTokenOnTheConnectionAndTheStart(mode: String) throws {
        let emulator = try Self.emulator(["--token", "lambda-token-abc123456789"])
        defer { emulator.stop() }
        let watch = try Self.watch(
            emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"],
            credentials: ["--auth", mode, "--token", "lambda-token-abc123456789"])
        try Self.update(emulator, name: "seen")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("seen"))
        #expect(!watch.stderr.contains("lambda-token-abc123456789"), "the token is never printed")
    }

    @Test func aRefusedConnectionIsSeventySeven() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "--api-key", "da2-wrong-key-0000000000",
                "watch", "Item", "--timeout", "5s",
            ], in: emulator.folder)
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: the real-time endpoint refused the connection"), "\(result)")
        #expect(!result.stderr.contains("da2-wrong-key"))
    }

    @Test func iamSignsTheConnectAndEachStart() throws {
        let identity = AWSStubIdentity.make(temporary: true)
        let testbed = try IAMTestbed(accepting: [identity])
        defer { testbed.emulator.stop() }
        let watch = try Self.watch(
            testbed.emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"],
            credentials: ["--auth", "iam", "--region", "us-east-1"], env: identity.environment, home: testbed.home)
        try Self.update(testbed.emulator, id: "item-1", name: "signed")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("signed"))
        #expect(!watch.stderr.contains(identity.secretAccessKey))
    }

    /// A user pool user whose tokens expire during a long watch: the reconnect after a dropped
    /// connection renews them first (the emulator refuses an expired token), so the watch goes on.
    @Test func aReconnectRenewsExpiredUserPoolTokens() throws {
        let stub = try UserPoolStub(["--user", "alice:Correct-Horse-7!", "--token-lifetime", "4"])
        defer { stub.stop() }
        let emulator = try Self.emulator(stub.emulatorArguments + ["--realtime-drop-after", "1"])
        defer { emulator.stop() }
        let cache = emulator.folder.appendingPathComponent("cache")
        let watch = try Self.watch(
            emulator, ["Item", "--on", "update", "--count", "2", "--timeout", "60s"],
            credentials: stub.flags("alice") + ["--no-cache"],
            env: stub.environment(password: "Correct-Horse-7!", cache: cache))
        Thread.sleep(forTimeInterval: 4.5)  // the tokens of the first connection have expired
        try Self.update(emulator, name: "before")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, watch.process.isRunning, !watch.stderr.contains("subscribed again") {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try Self.update(emulator, name: "after")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        let names = watch.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0))["item"]?["name"] }
        #expect(names == ["before", "after"], "\(watch.stdout)")
        let stats = try stub.stats()
        #expect((stats["InitiateAuth:REFRESH_TOKEN_AUTH"]?.intValue ?? 0) >= 1, "\(stats)")
        let connects = try emulator.requests().filter { $0["realtime"] == "connect" }
        #expect(connects.count == 2 && connects.allSatisfy { $0["error"] == .null }, "\(connects)")
        #expect(connects.count == 2 && connects[0]["headers"] != connects[1]["headers"])
    }

    /// An https endpoint listens at wss:// on the same host: the real-time connection verifies the
    /// server's certificate as a request does (trusted through SSL_CERT_FILE here), and refuses one
    /// it cannot verify with the same message and exit code, sending nothing.
    @Test func watchOverWSSVerifiesTheCertificate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-wss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cert, key) = try TestCertificate.make(in: folder)
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--tls-cert", cert, "--tls-key", key])
        defer { emulator.stop() }
        let https = "https://127.0.0.1:\(emulator.port)/graphql"
        var trusted = HostileServerEndToEndTests.noCertificateAuthorities
        trusted["SSL_CERT_FILE"] = cert
        let options = ["--endpoint", https, "--schema", TestPaths.schema, "--api-key", Emulator.apiKey]
        let create = try GQLPatchRun.run(
            options + ["create", "Item", "--set", "id=42", "--set", "name=Chair"], environment: trusted, in: folder)
        #expect(create.status == 0, "\(create)")
        let watch = try ApplyProcess(
            options + ["--verbose", "watch", "Item", "--on", "update", "--count", "1", "--timeout", "30s"],
            in: folder, environment: trusted)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, watch.process.isRunning, !watch.stderr.contains("subscribed to") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(watch.stderr.contains("at wss://127.0.0.1:\(emulator.port)/graphql/realtime"), "\(watch.stderr)")
        let update = try GQLPatchRun.run(
            options + ["update", "Item", "--id", "42", "--set", "name=Secure"], environment: trusted, in: folder)
        #expect(update.status == 0, "\(update)")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(try JSONValue.parse(watch.stdout)["item"]?["name"] == "Secure")

        let before = try emulator.requests().filter { $0["realtime"] != nil }.count
        let refused = try GQLPatchRun.run(
            options + ["watch", "Item", "--count", "1", "--timeout", "10s"],
            environment: HostileServerEndToEndTests.noCertificateAuthorities, in: folder)
        refused.expectFailure(69, "gqlpatch: error: TLS connection to 127.0.0.1:\(emulator.port) failed: ")
        #expect(refused.stderr.contains("certificate"), "\(refused)")
        #expect(try emulator.requests().filter { $0["realtime"] != nil }.count == before, "nothing got through")
    }

    /// A Cognito identity pool's guest (moto hands out the credentials): the connect and each start
    /// are signed with them, as for any IAM credentials.
    @Test func anIdentityPoolGuestWatches() throws {
        let cognito = try IdentityPoolServer(pools: ["guests": true])
        defer { cognito.stop() }
        let testbed = try IAMTestbed(accepting: [IdentityPoolServer.credentials])
        defer { testbed.emulator.stop() }
        let watch = try Self.watch(
            testbed.emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"],
            credentials: [
                "--auth", "iam", "--region", "us-east-1", "--identity", "guest", "--identity-pool-id",
                cognito.pools["guests"]!,
            ], env: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": cognito.endpoint], home: testbed.home)
        try Self.update(testbed.emulator, id: "item-1", name: "guest")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(try JSONValue.parse(watch.stdout)["item"]?["name"] == "guest")
        // moto's credentials last 90 s, inside the 5-minute refresh window, so the connect and the
        // start each fetch them again; the identity is asked for once.
        let operations = try cognito.operations()
        #expect(operations.first == "GetId" && operations.filter { $0 == "GetId" }.count == 1, "\(operations)")
        #expect(Set(operations) == ["GetId", "GetCredentialsForIdentity"], "\(operations)")
        let starts = try testbed.emulator.requests().filter { $0["realtime"]?.stringValue == "start" }
        #expect(starts.count == 1 && starts[0]["answer"] == "start_ack", "\(starts)")
    }

    @Test func ctrlCStopsTheSubscriptionsAndClosesFirst() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let watch = try Self.watch(emulator, ["Item", "--timeout", "30s"])
        watch.signal(SIGINT)
        #expect(try watch.wait(timeout: 30) == 130, "\(watch.stderr)")
        let stops = try emulator.requests().filter { $0["realtime"] == "stop" }.compactMap { $0["id"]?.stringValue }
        #expect(Set(stops) == ["create", "update", "delete"], "every subscription stopped before the close")
        #expect(watch.stdout.isEmpty)
    }

    /// A user signed in through the SRP-checking stub: the emulator verifies the RS256 ID token on the
    /// connection and on the start, as it does on a request.
    @Test func aSignedInUserPoolUserWatches() throws {
        let stub = try UserPoolStub(["--user", "alice:Correct-Horse-7!"])
        defer { stub.stop() }
        let emulator = try Self.emulator(stub.emulatorArguments)
        defer { emulator.stop() }
        let cache = emulator.folder.appendingPathComponent("cache")
        let watch = try Self.watch(
            emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"],
            credentials: stub.flags("alice") + ["--no-cache"],
            env: stub.environment(password: "Correct-Horse-7!", cache: cache))
        try Self.update(emulator, name: "pooled")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("pooled"))
        #expect(!watch.stderr.contains("Correct-Horse-7!"))
        let connects = try emulator.requests().filter { $0["realtime"] == "connect" }
        #expect(!connects.isEmpty)
    }
}
