import Foundation
import JSON
import Testing

/// Every command against a server that echoes every request header back (into GraphQL errors, into
/// the record's fields, into a 500 page and into a 200 HTML page), with every kind of secret set (an
/// API key, a token, a `--header` credential, AWS keys and a session token for `--auth iam`, the
/// credentials of a Cognito identity pool's guest),
/// plain and `--verbose`: no secret, whole or as any run of 12 of its characters, is in stdout,
/// stderr or any file the run writes (journals, exports, undo logs).
@Suite struct SecretScanEndToEndTests {
    static let apiKey = "da2-" + "k3y" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    static let token = "eyJraWQiOiJzY2FuIn0." + UUID().uuidString + "." + UUID().uuidString
    static let headerSecret = "hdr-" + UUID().uuidString
    /// `export --mask-key`, and the target side's own key of `diff` and `copy`.
    static let maskKey = "mask-" + UUID().uuidString
    static let sideKey = "da2-" + "s1d3" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    static let accessKeyID = "AKIA" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16))
    static let secretAccessKey = UUID().uuidString + "/" + UUID().uuidString.prefix(3)
    static let sessionToken =
        "IQoJb3JpZ2luX2VjE" + UUID().uuidString + "+" + UUID().uuidString + "/" + UUID().uuidString

    struct Auth: Sendable {
        var name: String
        var options: [String]
        var environment: [String: String] = [:]
    }

    static let auths: [Auth] = [
        Auth(name: "api-key", options: ["--api-key", apiKey, "--header", "X-Custom-Token: " + headerSecret]),
        Auth(name: "token", options: ["--auth", "user-pool", "--token", token]),
        Auth(
            name: "iam", options: ["--auth", "iam", "--region", "us-east-1"],
            environment: [
                "AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secretAccessKey,
                "AWS_SESSION_TOKEN": sessionToken,
            ]),
    ]

    /// What the Cognito identity pool of the guest runs hands out.
    static let guest = AWSStubIdentity.make(temporary: true)

    /// `--auth iam --identity guest`, its credentials from `cognito` (a scripted identity pool).
    static func guestAuth(cognito: ScriptedServer) -> Auth {
        Auth(
            name: "iam guest",
            options: [
                "--auth", "iam", "--region", "us-east-1", "--identity", "guest", "--identity-pool-id", "us-east-1:scan",
            ],
            environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://127.0.0.1:\(cognito.port)/"])
    }

    static let secrets =
        [apiKey, token, headerSecret, maskKey, sideKey, accessKeyID, secretAccessKey, sessionToken, guest.accessKeyID]
        + guest.secrets

    static let commands: [[String]] = [
        ["get", "Item", "--id", "item-1"],
        ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
        ["create", "Item", "--set", "id=item-1", "--set", "name=Lamp"],
        ["delete", "Item", "--id", "item-1"],
        ["delete", "Recipe", "--id", "item-1", "--cascade"],
        ["list", "Item"],
        ["export", "Item"],
        ["export", "Item", "-o", "export.jsonl", "--state", "export.state"],
        ["diff", "Item", "--same-api"],
        ["export", "Item", "--mask", "Item.name", "--mask-key", maskKey],
        ["diff", "Item", "--to-api-key", sideKey, "--same-api"],
        ["copy", "Item", "--to-api-key", sideKey, "--same-api"],
        ["query", "query { listItems { items { id name } } }"],
        ["schema", "pull"],
        ["apply", "input.jsonl", "--journal", "run.journal"],
        ["apply", "input.jsonl", "--atomic", "--journal", "atomic.journal"],
        ["call", "publishItem", "--arg", "id=item-1", "--arg", "status=DONE"],
        ["apply", "calls.jsonl", "--journal", "calls.journal"],
        ["env", "show"],
        ["env", "list"],
        ["update", "Item", "--id", "item-1", "--set", "name=Lamp", "--undo-log", "run.undo"],
        ["delete", "Recipe", "--id", "item-1", "--cascade", "--undo-log", "run.undo"],
        ["undo", "run.undo", "--yes"],
    ]

    /// The schema a command reads: `call` and the call lines need custom operations
    /// (Tests/Fixtures/call's schema).
    static func schema(for command: [String]) -> String {
        command.first == "call" || command.contains("calls.jsonl")
            ? TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call/schema.graphql").path : TestPaths.schema
    }

    /// The first secret found whole or as a 12-character run in `text`, nil when none.
    /// Whether `text` shows a SigV4 signature (replayable while fresh, about 5 minutes).
    static func showsSignature(_ text: String) -> Bool { text.contains(/Signature=[0-9a-f]{64}/) }

    static func leak(in text: String, of secrets: [String] = secrets) -> String? {
        for secret in secrets {
            let characters = Array(secret)
            for start in 0...(characters.count - 12) where text.contains(String(characters[start..<(start + 12)])) {
                return String(characters[start..<(start + 12)])
            }
        }
        return nil
    }

    @Test(arguments: ["errors", "data", "5xx", "html"])
    func noSecretInAnyOutput(_ place: String) throws {
        let server = try HostileServer(mode: "echo", ["--echo-into", place])
        defer { server.stop() }
        try Data(#"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"#.utf8 + [10])
            .write(to: server.folder.appendingPathComponent("input.jsonl"))
        try Data(
            #"{"op": "call", "operation": "publishItem", "args": {"id": "item-1", "status": "DONE"}}"#.utf8 + [10]
        ).write(to: server.folder.appendingPathComponent("calls.jsonl"))
        let cognito = try SecretLeakEndToEndTests.cognito(issuing: Self.guest)
        defer { cognito.stop() }
        var echoed = 0
        var guestEchoed = 0
        for auth in Self.auths + [Self.guestAuth(cognito: cognito)] {
            var environment = ["HOME": server.folder.path, "AWS_EC2_METADATA_DISABLED": "true"]
            environment.merge(auth.environment) { _, new in new }
            for command in Self.commands {
                for verbosity in [[], ["--verbose"], ["--output", "envelope"]] {
                    let arguments =
                        ["--endpoint", server.endpoint, "--schema", Self.schema(for: command)] + auth.options
                        + verbosity + command
                    let result = try GQLPatchRun.run(arguments, environment: environment, in: server.folder)
                    let shown = "\(auth.name) \(verbosity) \(command.joined(separator: " "))"
                    #expect(Self.leak(in: result.stdout) == nil, "stdout of \(shown) shows a secret:\n\(result.stdout)")
                    #expect(Self.leak(in: result.stderr) == nil, "stderr of \(shown) shows a secret:\n\(result.stderr)")
                    if result.stderr.contains("[redacted]") || result.stdout.contains("[redacted]") {
                        echoed += 1
                        if auth.name == "iam guest" { guestEchoed += 1 }
                    }
                }
            }
            for file in try FileManager.default.contentsOfDirectory(atPath: server.folder.path) {
                guard let data = FileManager.default.contents(atPath: server.folder.appendingPathComponent(file).path)
                else { continue }
                let text = String(decoding: data, as: UTF8.self)
                #expect(Self.leak(in: text) == nil, "\(file) written by a run holds a secret")
            }
        }
        // The echo did reach the output, scrubbed: otherwise the test would prove nothing.
        #expect(echoed > 0, "no run printed the scrubbed echo")
        #expect(guestEchoed > 0, "no guest run got its credentials and printed the scrubbed echo")
        // The undo log was written, and scanned with the other files.
        #expect(FileManager.default.fileExists(atPath: server.folder.appendingPathComponent("run.undo").path))
    }

    /// AppSync's control plane (`--api-id`) played by the echoing server: whatever it echoes of the
    /// signed requests (into a refusal's message, a 500 page, an HTML or a GraphQL answer) is shown
    /// scrubbed, plain and `--verbose`, and no cache or other file is written with a secret.
    @Test(arguments: ["rest", "errors", "5xx", "html"])
    func noSecretInWhatTheControlPlaneEchoes(_ place: String) throws {
        let server = try HostileServer(mode: "echo", ["--echo-into", place])
        defer { server.stop() }
        let auth = Self.auths.first { $0.name == "iam" }!
        var environment = [
            "HOME": server.folder.path, "AWS_EC2_METADATA_DISABLED": "true",
            "AWS_ENDPOINT_URL_APPSYNC": "http://127.0.0.1:\(server.port)",
        ]
        environment.merge(auth.environment) { _, new in new }
        var echoed = 0
        for command in [["get", "Item", "--id", "item-1"], ["schema", "pull"], ["env", "show"]] {
            for verbosity in [[], ["--verbose"]] {
                let arguments = ["--api-id", "scanapi"] + auth.options + verbosity + command
                let result = try GQLPatchRun.run(arguments, environment: environment, in: server.folder)
                let shown = "\(place) \(verbosity) \(command.joined(separator: " "))"
                #expect(command == ["env", "show"] || result.status != 0, "\(shown): \(result)")
                for text in [result.stdout, result.stderr] {
                    #expect(Self.leak(in: text) == nil, "\(shown) shows a secret:\n\(text)")
                    #expect(!Self.showsSignature(text), "\(shown) shows a signature:\n\(text)")
                }
                if result.stderr.contains("[redacted]") { echoed += 1 }
            }
        }
        for file in FileManager.default.enumerator(atPath: server.folder.path)?.compactMap({ $0 as? String }) ?? [] {
            guard let data = FileManager.default.contents(atPath: server.folder.appendingPathComponent(file).path)
            else { continue }
            #expect(Self.leak(in: String(decoding: data, as: UTF8.self)) == nil, "\(file) holds a secret")
        }
        if place == "rest" { #expect(echoed > 0, "no run printed the scrubbed echo") }
    }

    /// An `apply` with a journal that stops (its endpoint refuses connections) prints the command that
    /// resumes it: with every kind of secret given on the command line, neither that note, nor the
    /// rest of the output, nor the journal shows one (the key and the token stand as variables, a
    /// credential header's value as VALUE).
    @Test func theResumeNoteShowsNoSecret() throws {
        let closed = try ClosedPort()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"#.utf8 + [10])
            .write(to: folder.appendingPathComponent("input.jsonl"))
        for auth in Self.auths {
            let journal = folder.appendingPathComponent("\(auth.name).journal").path
            var environment = ["HOME": folder.path, "AWS_EC2_METADATA_DISABLED": "true"]
            environment.merge(auth.environment) { _, new in new }
            let arguments =
                ["--endpoint", "http://127.0.0.1:\(closed.port)/graphql", "--schema", TestPaths.schema] + auth.options
                + ["apply", "input.jsonl", "--journal", journal]
            let result = try GQLPatchRun.run(arguments, environment: environment, in: folder)
            #expect(result.status == 69, "\(auth.name): \(result)")
            #expect(
                result.stderr.contains("gqlpatch: note: to go on from where it stopped, run: gqlpatch --endpoint"),
                "\(auth.name): \(result)")
            #expect(Self.leak(in: result.stdout) == nil, "stdout of \(auth.name) shows a secret:\n\(result.stdout)")
            #expect(Self.leak(in: result.stderr) == nil, "stderr of \(auth.name) shows a secret:\n\(result.stderr)")
            let written = String(decoding: FileManager.default.contents(atPath: journal) ?? Data(), as: UTF8.self)
            #expect(!written.isEmpty && Self.leak(in: written) == nil, "the journal of \(auth.name) holds a secret")
        }
        withExtendedLifetime(closed) {}
    }

    /// A user signed in to moto's user pool (password, client secret, and the ID, access and refresh
    /// tokens moto issued): the same commands against the echoing server, the sign-in and its
    /// refresh included, show none of them; the cache file holds the tokens but not the password.
    @Test(arguments: ["errors", "5xx"])
    func noSignedInSecretInAnyOutput(_ place: String) throws {
        let moto = try MotoCognito()
        defer { moto.stop() }
        let server = try HostileServer(mode: "echo", ["--echo-into", place])
        defer { server.stop() }
        try Data(#"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"#.utf8 + [10])
            .write(to: server.folder.appendingPathComponent("input.jsonl"))
        let cache = server.folder.appendingPathComponent("cache")
        let environment = moto.environment(cache: cache, password: moto.password)
        let signIn =
            [
                "--auth", "user-pool", "--auth-flow", "password", "--username", MotoCognito.Users.confirmed,
                "--client-secret", moto.clientSecret,
            ] + moto.ids(secret: true)
        let login = try GQLPatchRun.run(
            signIn + ["--verbose", "auth", "login"], environment: environment, in: server.folder)
        #expect(login.status == 0, "\(login)")
        let tokenFolder = cache.appendingPathComponent("gqlpatch/tokens")
        let cacheFile = tokenFolder.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: tokenFolder.path).first))
        let cached = try #require(
            try JSONValue.parse(String(decoding: try Data(contentsOf: cacheFile), as: UTF8.self)).objectValue)
        let tokens = ["idToken", "accessToken", "refreshToken"].compactMap { cached[$0]?.stringValue }
        #expect(tokens.count == 3)
        let secrets = tokens + [moto.password, moto.clientSecret]
        #expect(
            Self.leak(
                in: String(decoding: try Data(contentsOf: cacheFile), as: UTF8.self),
                of: [moto.password, moto.clientSecret]) == nil)
        var echoed = 0
        for (index, command) in Self.commands.enumerated() {
            for verbosity in [[], ["--verbose"], ["--output", "envelope"]] {
                // Every other run starts from tokens about to expire: the refresh is scanned too.
                if index % 2 == 1 {
                    var aged = try #require(
                        try JSONValue.parse(String(decoding: try Data(contentsOf: cacheFile), as: UTF8.self))
                            .objectValue)
                    let now = Int(Date().timeIntervalSince1970)
                    aged["obtainedAt"] = .int(now - 3590)
                    aged["expiresAt"] = .int(now + 10)
                    try Data(JSONValue.object(aged).serialized().utf8).write(to: cacheFile)
                }
                let arguments =
                    ["--endpoint", server.endpoint, "--schema", TestPaths.schema] + signIn + verbosity + command
                let result = try GQLPatchRun.run(arguments, environment: environment, in: server.folder)
                let shown = "\(verbosity) \(command.joined(separator: " "))"
                #expect(
                    Self.leak(in: result.stdout, of: secrets) == nil,
                    "stdout of \(shown) shows a secret:\n\(result.stdout)")
                #expect(
                    Self.leak(in: result.stderr, of: secrets) == nil,
                    "stderr of \(shown) shows a secret:\n\(result.stderr)")
                if result.stderr.contains("[redacted]") || result.stdout.contains("[redacted]") { echoed += 1 }
            }
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: server.folder.path) {
            guard let data = FileManager.default.contents(atPath: server.folder.appendingPathComponent(file).path)
            else { continue }
            #expect(
                Self.leak(in: String(decoding: data, as: UTF8.self), of: secrets) == nil,
                "\(file) written by a run holds a secret")
        }
        #expect(echoed > 0, "no run printed the scrubbed echo")
        #expect(moto.operations().filter { $0 == "InitiateAuth" }.count >= 2, "refreshes happened")
    }

    /// An SRP sign-in with software-token MFA (the SRP-checking stub): the password, the TOTP secret
    /// the codes are computed from, and the tokens never show, `--verbose` included, whatever the
    /// echoing server sends back; the cache file holds the tokens but neither of the others.
    @Test func noSRPOrTOTPSecretInAnyOutput() throws {
        let totpSecret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"
        let password = "Tess-Pass-" + UUID().uuidString.prefix(8) + "9!"
        let stub = try UserPoolStub(["--user", "tess:\(password):totp=\(totpSecret)"])
        defer { stub.stop() }
        let server = try HostileServer(mode: "echo", ["--echo-into", "errors"])
        defer { server.stop() }
        let cache = server.folder.appendingPathComponent("cache")
        var environment = stub.environment(password: password, cache: cache)
        environment["GQLPATCH_TOTP_SECRET"] = totpSecret
        let login = try GQLPatchRun.run(
            stub.flags("tess") + ["--verbose", "auth", "login"], environment: environment, in: server.folder)
        #expect(login.status == 0, "\(login)")
        let tokenFolder = cache.appendingPathComponent("gqlpatch/tokens")
        let cacheFile = tokenFolder.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: tokenFolder.path).first))
        let cacheText = String(decoding: try Data(contentsOf: cacheFile), as: UTF8.self)
        let cached = try #require(try JSONValue.parse(cacheText).objectValue)
        let tokens = ["idToken", "accessToken", "refreshToken"].compactMap { cached[$0]?.stringValue }
        #expect(tokens.count == 3)
        #expect(Self.leak(in: cacheText, of: [password, totpSecret]) == nil)
        let secrets = tokens + [password, totpSecret]
        var outputs = [login.stdout, login.stderr]
        var echoed = 0
        for extra in [["--verbose"], ["--verbose", "--no-cache"]] {
            let result = try GQLPatchRun.run(
                ["--endpoint", server.endpoint, "--schema", TestPaths.schema] + stub.flags("tess") + extra
                    + ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
                environment: environment, in: server.folder)
            outputs += [result.stdout, result.stderr]
            if result.stderr.contains("[redacted]") { echoed += 1 }
        }
        for text in outputs { #expect(Self.leak(in: text, of: secrets) == nil, "a secret shows:\n\(text)") }
        #expect(echoed > 0, "no run printed the scrubbed echo")
        #expect(try stub.stats()["RespondToAuthChallenge:SOFTWARE_TOKEN_MFA"] == 2, "two sign-ins with a TOTP code")
    }

    /// `watch` and `wait` against a real-time endpoint that echoes the credentials it was sent (the
    /// connection's `header` parameter and each start's `extensions.authorization`) back: in the
    /// refusal of the connection, in the refusal of each subscription, or in an event's errors.
    /// With every kind of secret, plain and `--verbose`, none shows in stdout, stderr or a file the
    /// run writes, and the echo did reach the output, scrubbed.
    @Test(arguments: ["connect", "start", "data"])
    func noSecretInWhatTheRealtimeEndpointEchoes(_ echo: String) throws {
        // No --api-key: the emulator checks no credentials, so each mode gets as far as the echo.
        let emulator = try Emulator(arguments: ["--realtime-echo", echo])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-scan-realtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands = [
            ["watch", "Item", "--timeout", "1s"],
            ["wait", "Item", "--id", "item-1", "--until", "name=Lamp", "--timeout", "1s"],
        ]
        var echoed = 0
        for auth in Self.auths {
            var environment = ["HOME": folder.path, "AWS_EC2_METADATA_DISABLED": "true"]
            environment.merge(auth.environment) { _, new in new }
            for command in commands {
                for verbosity in [[], ["--verbose"]] {
                    let result = try GQLPatchRun.run(
                        ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema] + auth.options + verbosity
                            + command, environment: environment, in: folder)
                    let shown = "\(echo) \(auth.name) \(verbosity) \(command[0])"
                    #expect(Self.leak(in: result.stdout) == nil, "stdout of \(shown) shows a secret:\n\(result.stdout)")
                    #expect(Self.leak(in: result.stderr) == nil, "stderr of \(shown) shows a secret:\n\(result.stderr)")
                    #expect(!Self.showsSignature(result.stderr), "stderr of \(shown) shows a signature")
                    #expect(result.status != 0, "\(shown): \(result)")
                    if result.stderr.contains("echo: ") && result.stderr.contains("[redacted]") { echoed += 1 }
                }
            }
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else {
                continue
            }
            #expect(
                Self.leak(in: String(decoding: data, as: UTF8.self)) == nil, "\(file) written by a run holds a secret")
        }
        // The echo reached the output for every auth in at least one command: the test proves something.
        #expect(echoed >= Self.auths.count, "the scrubbed echo was printed \(echoed) times")
        // The emulator did receive them (so they were there to leak).
        let log = String(
            decoding: FileManager.default.contents(atPath: emulator.requestLog.path) ?? Data(), as: UTF8.self)
        #expect(log.contains(Self.apiKey) && log.contains(Self.token))
    }

    /// An endpoint with `user:password@` is refused, and neither the error nor `--dry-run` shows the
    /// password, parsed or not: a password with `/` (an AWS secret key is base64) or a URL that is
    /// not http(s) still has everything between `://` and the last `@` hidden (issue 32 #9).
    @Test(
        arguments: [
            (
                "http://admin:PASSWORD@127.0.0.1:9/graphql",
                "endpoint 'http://…@127.0.0.1:9/graphql' holds a user name or password"
            ),
            (
                "http://AKIDEXAMPLE:wJalrXUtnFEMI/K7MDENG/PASSWORD@127.0.0.1:1/x",
                "endpoint 'http://…@127.0.0.1:1/x' holds a user name or password"
            ),
            ("ftp://user:PASSWORD/x@127.0.0.1/x", "endpoint 'ftp://…@127.0.0.1/x' must start with https://"),
            ("https://user:PASSWORD/a?b@127.0.0.1/x", "endpoint 'https://…@127.0.0.1/x' holds a user name or password"),
        ], [[], ["--dry-run"]])
    func endpointPasswordIsRedacted(_ endpoint: (String, String), _ extra: [String]) throws {
        let password = "pw-" + UUID().uuidString
        let result = try GQLPatchRun.run(
            [
                "--endpoint", endpoint.0.replacingOccurrences(of: "PASSWORD", with: password), "--schema",
                TestPaths.schema, "--auth", "none",
            ]
                + extra + ["update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        result.expectFailure(78, "gqlpatch: error: \(endpoint.1)")
        #expect(!result.stderr.contains(password.prefix(12)), "\(result)")
        #expect(!result.stderr.contains("wJalrXUtnFEMI"), "\(result)")
        #expect(!result.stdout.contains(password.prefix(12)), "\(result)")
    }
}
