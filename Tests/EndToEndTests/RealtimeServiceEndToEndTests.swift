import Foundation
import JSON
import Testing

/// `watch` and `wait` as the real service runs them: reads that lag the write (the emulator's
/// stale-read modes, as Amplify's get resolver reads eventually consistently), the service's error
/// frames in their published shapes (the emulator's modes and `RealtimeReplayServer` replaying
/// them), credentials that expire on an open connection, refusals that pass, and servers that
/// break connections at once.
@Suite struct RealtimeServiceEndToEndTests {
    // Published frames (../shared/reference/appsync.md §9.4). The first two: aws-amplify/
    // aws-appsync-realtime-client-ios, RealtimeConnectionProviderResponse.swift, recorded there as
    // the service's observed responses (no id on the rate-limit error; `errors` an object).
    static let rateLimited =
        #"{"type":"error","payload":{"errors":{"errorType":"LimitExceededError","message":"Rate limit exceeded"}}}"#
    static let maxSubscriptions =
        #"{"id":"{id}","type":"error","payload":{"errors":{"errorType":"MaxSubscriptionsReachedError","message":"Max number of 100 subscriptions reached"}}}"#
    // aws-amplify/amplify-flutter#2763.
    static let unauthorizedConnect =
        #"{"type":"connection_error","payload":{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call.","errorCode":401}]}}"#
    // The refusal amplify-js re-authenticates on after subscribing (aws-amplify/amplify-js#14569).
    static let tokenExpired =
        #"{"type":"error","payload":{"errors":[{"errorType":"UnauthorizedException","message":"Token expired"}]}}"#
    // No 5xx connection_error was published: the captured 401's shape with a service fault.
    static let serviceFault =
        #"{"type":"connection_error","payload":{"errors":[{"errorType":"InternalFailure","message":"An internal failure occurred.","errorCode":500}]}}"#
    static func event(_ id: String, name: String) -> String {
        #"{"type":"data","id":"{id}","payload":{"data":{"{field}":{"id":"\#(id)","name":"\#(name)"}}}}"#
    }

    static func emulator(_ extra: [String]) throws -> Emulator {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + extra)
        try emulator.create("Item", ["id": "42", "name": "Chair"])
        return emulator
    }

    /// Starts `wait` in the background and waits until it said it is subscribed and waiting.
    static func startWait(_ emulator: Emulator, until value: String) throws -> ApplyProcess {
        let process = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "--api-key", Emulator.apiKey,
                "--verbose", "wait", "Item", "--id", "42", "--until", "name=\(value)", "--timeout", "30s",
            ], in: emulator.folder)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.process.isRunning, !process.stderr.contains("does not hold the values yet") {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return process
    }

    // MARK: - Reads that lag the write

    /// Every read for the first second after a write returns the record before it: `wait` still
    /// answers within 2 s of the write that makes it true, 20 times in a row.
    @Test func waitAnswersWithinTwoSecondsWhenReadsLag() throws {
        let emulator = try Self.emulator(["--stale-read-ms", "1000"])
        defer { emulator.stop() }
        for run in 0..<20 {
            let wait = try Self.startWait(emulator, until: "Done-\(run)")
            let written = Date()
            _ = try emulator.graphQL(
                #"mutation U($input: UpdateItemInput!) { updateItem(input: $input) { id name } }"#,
                variables: ["input": ["id": "42", "name": .string("Done-\(run)")]])
            #expect(try wait.wait(timeout: 30) == 0, "run \(run): \(wait.stderr)")
            let took = Date().timeIntervalSince(written)
            #expect(took < 2, "run \(run) took \(took) s")
            #expect(try JSONValue.parse(wait.stdout)["name"] == .string("Done-\(run)"), "run \(run): \(wait.stdout)")
        }
    }

    /// The value was written just before `wait` started, and its first reads lag: the reads over the
    /// next moment find it (today's one read found the old value and waited for an event that never came).
    @Test func aStaleFirstReadIsReadAgain() throws {
        let emulator = try Self.emulator(["--stale-reads", "3"])
        defer { emulator.stop() }
        _ = try emulator.graphQL(#"mutation { updateItem(input: {id: "42", name: "Done"}) { id name } }"#)
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "name=Done", "--timeout", "5s"])
        #expect(result.status == 0, "\(result)")
        #expect(try JSONValue.parse(result.stdout)["name"] == "Done")
    }

    /// The subscription selects what `--until` names, so the event itself can settle the wait.
    @Test func theSubscriptionSelectsTheFieldsWaitedFor() throws {
        let emulator = try Self.emulator([])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["--dry-run", "wait", "Item", "--id", "42", "--until", "name=Done"])
        #expect(result.status == 0, "\(result)")
        let plan = try JSONValue.parse(result.stdout)
        let queries = plan["subscriptions"]?.arrayValue?.compactMap { $0["query"]?.stringValue } ?? []
        #expect(!queries.isEmpty && queries.allSatisfy { $0.contains("id") && $0.contains("name") }, "\(queries)")
    }

    // MARK: - The service's error frames

    /// Subscriptions started too fast: the id-less, object-shaped LimitExceededError is tried again
    /// after a growing pause (one line on stderr, not one per try), from the emulator and replayed.
    @Test func rateLimitedStartsAreTriedAgain() throws {
        let emulator = try Self.emulator(["--realtime-rate-limit", "2"])
        defer { emulator.stop() }
        let watch = try RealtimeEndToEndTests.watch(
            emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"])
        try RealtimeEndToEndTests.update(emulator, name: "after the limit")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("after the limit"))
        #expect(watch.stderr.components(separatedBy: "cannot connect yet").count == 2, "one line: \(watch.stderr)")

        let replay = try RealtimeReplayServer(
            mode: "script",
            frames: [Self.rateLimited, "pause", Self.rateLimited, "pause", "start_ack", Self.event("7", name: "seen")])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--on", "update", "--count", "1", "--timeout", "20s"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""name":"seen""#))
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: cannot connect yet (the real-time endpoint refused the subscription 1 times as too fast: LimitExceededError: Rate limit exceeded)"
            ),
            "\(result.stderr)")
        #expect(result.stderr.contains("connected after"), "the end of the outage is told: \(result.stderr)")
    }

    /// The per-connection quota, object-shaped: named, exit 75.
    @Test func theSubscriptionQuotaIsNamed() throws {
        let replay = try RealtimeReplayServer(mode: "script", frames: [Self.maxSubscriptions])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--on", "update", "--timeout", "10s"])
        #expect(result.status == 75, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: error: the real-time endpoint refused the subscription: the connection's subscription quota is used up (MaxSubscriptionsReachedError: Max number of 100 subscriptions reached)"
            ), "\(result.stderr)")
        let emulator = try Self.emulator(["--realtime-max-subscriptions", "1"])
        defer { emulator.stop() }
        let mine = try emulator.gqlpatch(["watch", "Item", "--timeout", "10s"])
        #expect(mine.status == 75, "\(mine)")
        #expect(
            mine.stderr.hasPrefix(
                "gqlpatch: error: the real-time endpoint refused the subscription: the connection's subscription quota")
        )
    }

    /// Another error on an open subscription, object-shaped, is worded with the service's own words.
    @Test func anObjectShapedErrorIsWordedWithItsType() throws {
        let frame =
            #"{"id":"{id}","type":"error","payload":{"errors":{"errorType":"SomethingBroke","message":"the service said so"}}}"#
        let replay = try RealtimeReplayServer(mode: "script", frames: ["start_ack", frame])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--on", "update", "--timeout", "10s"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: error: the real-time endpoint refused the subscription: SomethingBroke: the service said so"),
            "\(result.stderr)")
    }

    // MARK: - Credentials that expire, refusals that pass

    /// The token expires on the open connection: one reconnect with fresh credentials, and the
    /// watch goes on; from the emulator and replayed.
    @Test func anExpiredTokenLeadsToOneReconnect() throws {
        let emulator = try Self.emulator(["--realtime-expire-ms", "300", "--realtime-expire-connections", "1"])
        defer { emulator.stop() }
        let watch = try RealtimeEndToEndTests.watch(
            emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !watch.stderr.contains("subscribed again") { Thread.sleep(forTimeInterval: 0.02) }
        try RealtimeEndToEndTests.update(emulator, name: "after renewal")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("after renewal"))
        #expect(
            watch.stderr.contains(
                "refused the credentials on the open connection (UnauthorizedException: Token expired); connecting again with fresh ones"
            ), "\(watch.stderr)")

        let replay = try RealtimeReplayServer(
            mode: "script",
            frames: ["start_ack", Self.tokenExpired, "pause", "start_ack", Self.event("7", name: "renewed")])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--on", "update", "--count", "1", "--timeout", "20s"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("renewed"))
        #expect(replay.connections() == 2)
    }

    /// Fresh credentials refused too: final, 77, after exactly one reconnect.
    @Test func aSecondRefusalWithFreshCredentialsIsFinal() throws {
        let emulator = try Self.emulator(["--realtime-expire-ms", "300"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["watch", "Item", "--on", "update", "--timeout", "20s"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains(
                "gqlpatch: error: the real-time endpoint refused the credentials on the open connection, fresh ones too: UnauthorizedException: Token expired"
            ), "\(result.stderr)")
        #expect(try emulator.requests().filter { $0["realtime"] == "connect" }.count == 2)
    }

    /// A connection_error that is not final (a service fault) is retried; a 401 is final at once.
    @Test func onlyBadRequestsAndRefusedCredentialsAreFinalOnConnect() throws {
        let emulator = try Self.emulator(["--realtime-refuse-connects", "2"])
        defer { emulator.stop() }
        let watch = try RealtimeEndToEndTests.watch(
            emulator, ["Item", "--on", "update", "--count", "1", "--timeout", "30s"])
        try RealtimeEndToEndTests.update(emulator, name: "after the fault")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("after the fault"))
        #expect(
            watch.stderr.contains("cannot connect yet (the real-time endpoint refused the connection: InternalFailure"))

        let faulty = try RealtimeReplayServer(
            mode: "script", frames: [Self.serviceFault, "start_ack", Self.event("7", name: "second")])
        defer { faulty.stop() }
        let passed = try faulty.gqlpatch(["watch", "Item", "--on", "update", "--count", "1", "--timeout", "20s"])
        #expect(passed.status == 0, "\(passed)")
        #expect(faulty.connections() == 2)

        let refusing = try RealtimeReplayServer(mode: "script", frames: [Self.unauthorizedConnect])
        defer { refusing.stop() }
        let refused = try refusing.gqlpatch(["watch", "Item", "--on", "update", "--timeout", "20s"])
        #expect(refused.status == 77, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "gqlpatch: error: the real-time endpoint refused the connection: UnauthorizedException: You are not authorized to make this call."
            ), "\(refused.stderr)")
        #expect(refusing.connections() == 1)
    }

    // MARK: - Backoff that holds

    /// The endpoint goes down after the first connection: at most 8 tries in 20 s, and one stderr
    /// line for the outage, not one per try.
    @Test func anEndpointThatIsDownIsTriedAtMostEightTimesInTwentySeconds() throws {
        let replay = try RealtimeReplayServer(mode: "down-after-first")
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--on", "update", "--timeout", "20s"])
        #expect(result.status == 124, "\(result)")
        #expect(replay.connections() <= 8, "\(replay.connections()) connections")
        #expect(replay.connections() >= 3, "it did try again: \(replay.connections())")
        #expect(result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count <= 3, "\(result.stderr)")
    }

    /// A connection acknowledged with a zero, negative or huge connectionTimeoutMs, then closed at
    /// once: neither command crashes or makes more than 8 connections in 20 s.
    @Test(arguments: ["0", "-1", "9223372036854775807"])
    func aConnectionThatBreaksAtOnceIsNotAStorm(timeout: String) throws {
        for command in [
            ["watch", "Item", "--on", "update", "--timeout", "20s"],
            ["wait", "Item", "--id", "42", "--until", "name=Done", "--timeout", "20s"],
        ] {
            let replay = try RealtimeReplayServer(mode: "ack-close", ["--connection-timeout-ms", timeout])
            defer { replay.stop() }
            let result = try replay.gqlpatch(command)
            #expect(result.status == 124, "\(command[0]) \(timeout): \(result)")
            #expect(replay.connections() <= 8, "\(command[0]) \(timeout): \(replay.connections()) connections")
        }
    }

    // MARK: - Words and answers

    /// An endpoint without real-time support: the status, the URL tried and the way out.
    @Test func aHandshakeAnswered404NamesTheURLAndTheOption() throws {
        let replay = try RealtimeReplayServer(mode: "status", ["--status", "404"])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--timeout", "5s"])
        #expect(result.status == 76, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: error: the real-time endpoint answered the WebSocket handshake with HTTP 404 (no real-time endpoint at that address) (real-time endpoint ws://127.0.0.1:\(replay.port)/graphql/realtime; if that address is wrong, give the right one with --realtime-endpoint URL)"
            ), "\(result.stderr)")
    }

    /// Events are checked as records: one without its key, and one for a subscription the service
    /// had completed, are reported and neither printed nor counted.
    @Test func eventsWithoutTheirKeyOrAfterCompleteAreNotTaken() throws {
        let replay = try RealtimeReplayServer(
            mode: "script",
            frames: [
                "start_ack", "pause", "start_ack",
                #"{"type":"data","id":"{id}","payload":{"data":{"{field}":{"name":"no key"}}}}"#,
                #"{"type":"complete","id":"update"}"#,
                #"{"type":"data","id":"update","payload":{"data":{"onUpdateItem":{"id":"5","name":"too late"}}}}"#,
                #"{"type":"data","id":"create","payload":{"data":{"onCreateItem":{"id":"6","name":"counted"}}}}"#,
            ])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["watch", "Item", "--on", "create,update", "--count", "1", "--timeout", "20s"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("counted"), "\(result.stdout)")
        #expect(result.stderr.contains("came without its key (id); not printed"), "\(result.stderr)")
        #expect(result.stderr.contains("after the service ended it; not taken"), "\(result.stderr)")
    }

    /// A read that leaves out a field it was asked for is not an answer: 76, never success.
    @Test func aReadWithoutASelectedFieldIsNotAnAnswer() throws {
        let replay = try RealtimeReplayServer(mode: "script", ["--omit", "name"])
        defer { replay.stop() }
        let result = try replay.gqlpatch(["wait", "Item", "--id", "42", "--until", "name:=null", "--timeout", "5s"])
        #expect(result.status == 76, "\(result)")
        #expect(
            result.stderr.hasPrefix("gqlpatch: error: getItem returned a Item without the field name it was asked for"),
            "\(result.stderr)")
    }

    /// `wait` on a record no read ever found says so when it times out.
    @Test func waitOnARecordThatNeverExistedSaysSo() throws {
        let emulator = try Self.emulator([])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "wait", "Item", "--id", "nosuch", "--until", "name=Done", "--timeout", "2s",
        ])
        #expect(result.status == 124, "\(result)")
        #expect(
            result.stderr.hasPrefix("gqlpatch: error: Item id=nosuch was not found by any read before --timeout"),
            "\(result.stderr)")
    }

    /// A condition's error names `--until`, the option that gave it.
    @Test func aConditionErrorNamesUntil() throws {
        let emulator = try Self.emulator([])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "status=DONE", "--timeout", "2s"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.hasPrefix(#"gqlpatch: error: --until: unknown field "status" for Item"#), "\(result.stderr)")
    }

    /// Owner rules filter a user-pool subscriber's events on the service side (the v2 runtime
    /// filter): alice's watch of an owner-rule model is sent her note, never bob's.
    @Test func ownerRulesLimitAUserPoolSubscriber() throws {
        let schema = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/import/notes.graphql").path
        let stub = try UserPoolStub(["--user", "alice:Correct-Horse-7!"])
        defer { stub.stop() }
        let emulator = try Emulator(schema: schema, arguments: stub.emulatorArguments + ["--api-key", Emulator.apiKey])
        defer { emulator.stop() }
        var environment = stub.environment(
            password: "Correct-Horse-7!", cache: emulator.folder.appendingPathComponent("cache"))
        environment["AWS_EC2_METADATA_DISABLED"] = "true"
        let watch = try ApplyProcess(
            ["--endpoint", emulator.endpoint, "--schema", schema, "--verbose"] + stub.flags("alice")
                + ["--no-cache", "watch", "Note", "--on", "create", "--count", "1", "--timeout", "30s"],
            in: emulator.folder, environment: environment)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, watch.process.isRunning, !watch.stderr.contains("subscribed to") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        for (id, owner) in [("n1", "bob"), ("n2", "alice")] {
            _ = try emulator.graphQL(
                #"mutation C($input: CreateNoteInput!) { createNote(input: $input) { id text owner createdAt updatedAt } }"#,
                variables: ["input": ["id": .string(id), "text": .string("of \(owner)"), "owner": .string(owner)]])
        }
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        let lines = watch.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("of alice"), "\(watch.stdout)")
        #expect(watch.stderr.contains("Note has owner rules (owner)"), "\(watch.stderr)")
        let starts = try emulator.requests().filter { $0["realtime"] == "start" && $0["answer"] == "start_ack" }
        #expect(!starts.isEmpty && starts.allSatisfy { $0["owner_filter"] == ["owner"] }, "\(starts)")
        let sent = try emulator.requests().filter { $0["realtime"] == "data" }
        #expect(sent.count == 1, "the service sent alice one event: \(sent)")
    }

    /// A v1 schema makes each owner field a required subscription argument (the real v1
    /// transformer compiles `onCreatePost(owner: String!)`): gqlpatch gives the signed-in user's
    /// name, read from the token the connection carries, and the service sends only that owner's
    /// records. An API key names no user: refused before subscribing (65), naming the argument.
    @Test func aV1OwnerArgumentTakesTheCallersName() throws {
        let modules =
            ProcessInfo.processInfo.environment["GQLPATCH_V1_TRANSFORMER"]
            ?? TestPaths.packageRoot.appendingPathComponent(".venv/v1-transformer/package/node_modules").path
        let stub = try UserPoolStub(["--user", "alice:Correct-Horse-7!"])
        defer { stub.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-v1owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("schema.graphql")
        try "type Post @model @auth(rules: [{ allow: owner }]) {\n  id: ID!\n  title: String!\n  owner: String\n}\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let compiled = try CommandRunner.run(
            "/usr/bin/env",
            [
                "node", TestPaths.packageRoot.appendingPathComponent("Tests/V1Transformer/compile.js").path,
                "--modules", modules, "--schema", source.path, "--default-auth", "AMAZON_COGNITO_USER_POOLS",
            ], timeout: 120)
        try #require(compiled.status == 0, "the real v1 transformer (make v1-transformer): \(compiled.stderr)")
        let output = folder.appendingPathComponent("compiled.json")
        try compiled.stdout.write(to: output, atomically: true, encoding: .utf8)
        let sdl = try #require(try JSONValue.parse(compiled.stdout)["schema"]?.stringValue)
        #expect(sdl.contains("onCreatePost(owner: String!)"), "what the real transformer compiles")
        let emulator = try Emulator(
            servingCompiled: output.path, arguments: stub.emulatorArguments + ["--api-key", Emulator.apiKey])
        defer { emulator.stop() }
        let schema = try emulator.file("compiled.graphql", sdl)

        let keyed = try emulator.gqlpatch(["watch", "Post", "--on", "create", "--timeout", "5s"], schema: schema)
        #expect(keyed.status == 65, "\(keyed)")
        #expect(
            keyed.stderr.hasPrefix(
                "gqlpatch: error: the create subscription needs the argument owner, an owner of an @auth rule: gqlpatch gives the caller's user name, and the credentials name none"
            ), "\(keyed.stderr)")

        var environment = stub.environment(
            password: "Correct-Horse-7!", cache: emulator.folder.appendingPathComponent("cache"))
        environment["AWS_EC2_METADATA_DISABLED"] = "true"
        let watch = try ApplyProcess(
            ["--endpoint", emulator.endpoint, "--schema", schema, "--verbose"] + stub.flags("alice")
                + ["--no-cache", "watch", "Post", "--on", "create", "--count", "1", "--timeout", "30s"],
            in: emulator.folder, environment: environment)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, watch.process.isRunning, !watch.stderr.contains("subscribed to") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        for (id, owner) in [("p1", "bob"), ("p2", "alice")] {
            _ = try emulator.graphQL(
                #"mutation C($input: CreatePostInput!) { createPost(input: $input) { id title owner createdAt updatedAt } }"#,
                variables: ["input": ["id": .string(id), "title": .string("of \(owner)"), "owner": .string(owner)]])
        }
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        let lines = watch.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("of alice"), "\(watch.stdout)")
        let starts = try emulator.requests().filter { $0["realtime"] == "start" && $0["answer"] == "start_ack" }
        let variables = try starts.map { try JSONValue.parse($0["data"]?.stringValue ?? "")["variables"] }
        #expect(!variables.isEmpty && variables.allSatisfy { $0?["owner"] == "alice" }, "\(variables)")
    }

    /// `watch --verbose` says when owner rules limit the events a token caller is sent; an API key
    /// (which the owner rule does not filter) hears nothing of it.
    @Test func watchSaysWhenOwnerRulesLimitTheEvents() throws {
        let schema = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/import/notes.graphql").path
        let folder = FileManager.default.temporaryDirectory
        let common = ["--schema", schema, "--endpoint", "https://api.example.com/graphql", "--dry-run", "--verbose"]
        let oidc = try GQLPatchRun.run(
            common + ["--auth", "oidc", "--token", "abcdefghijkl", "watch", "Note"], in: folder)
        #expect(oidc.status == 0, "\(oidc)")
        #expect(
            oidc.stderr.contains(
                "gqlpatch: watch: Note has owner rules (owner): the service sends a oidc caller only the events of records it owns"
            ), "\(oidc.stderr)")
        let key = try GQLPatchRun.run(common + ["--api-key", "da2-abcdefghijkl", "watch", "Note"], in: folder)
        #expect(key.status == 0 && !key.stderr.contains("owner rules"), "\(key)")
    }

    /// The connect's credentials travel in the `header-` subprotocol, not the URL.
    @Test func credentialsTravelInTheSubprotocol() throws {
        let emulator = try Self.emulator([])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["wait", "Item", "--id", "42", "--until", "name=Chair"])
        #expect(result.status == 0, "\(result)")
        let connects = try emulator.requests().filter { $0["realtime"] == "connect" }
        #expect(connects.count == 1)
        #expect(
            connects.allSatisfy { $0["form"] == "subprotocol" && !($0["path"]?.stringValue ?? "").contains("header=") })
        #expect(connects.allSatisfy { $0["headers"]?["x-api-key"] == .string(Emulator.apiKey) }, "\(connects)")
    }
}
