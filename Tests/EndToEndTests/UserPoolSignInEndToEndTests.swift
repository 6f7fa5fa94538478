import Foundation
import JSON
import Testing

/// `--auth user-pool` signing in itself, against moto's Cognito (password flow: moto does not check
/// SRP proofs) and the emulator accepting the ID token moto issued.
@Suite struct UserPoolSignInEndToEndTests {
    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]

    /// A moto server, a scratch cache folder, and gqlpatch runs against them.
    final class Bed: @unchecked Sendable {
        let moto: MotoCognito
        let cache: URL

        init() throws {
            moto = try MotoCognito()
            cache = moto.folder.appendingPathComponent("cache")
        }

        func run(
            _ arguments: [String], user: String = MotoCognito.Users.confirmed, password: String? = nil,
            secret: Bool = false, environment: [String: String] = [:]
        ) throws -> ProcessResult {
            var env = moto.environment(cache: cache, password: password)
            env.merge(environment) { _, new in new }
            return try GQLPatchRun.run(
                ["--auth-flow", "password", "--username", user] + moto.ids(secret: secret) + arguments,
                environment: env, in: moto.folder)
        }

        /// The one token cache file.
        func cacheFile() throws -> URL {
            let folder = cache.appendingPathComponent("gqlpatch/tokens")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".json")
            }
            guard names.count == 1 else {
                throw HarnessError("expected one cache file in \(folder.path), found \(names)")
            }
            return folder.appendingPathComponent(names[0])
        }

        func cached() throws -> JSONObject {
            let text = String(decoding: try Data(contentsOf: try cacheFile()), as: UTF8.self)
            guard let object = try JSONValue.parse(text).objectValue else {
                throw HarnessError("cache is not an object")
            }
            return object
        }

        func mode(of url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }

        func count(_ operation: String) -> Int { moto.operations().filter { $0 == operation }.count }

        func stop() { moto.stop() }
    }

    @Test func loginThenFiveCommandsSignInOnceAndUseTheIDToken() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let before = bed.count("InitiateAuth")
        let login = try bed.run(["auth", "login"], password: bed.moto.password)
        #expect(login.status == 0, "\(login)")
        let printed = try JSONValue.parse(login.stdout)
        #expect(printed["username"]?.stringValue == "alice")
        #expect(printed["pool"]?.stringValue == bed.moto.pool)
        #expect(printed["client"]?.stringValue == bed.moto.client)
        #expect(printed["expires"]?.stringValue?.hasSuffix("Z") == true, "\(login.stdout)")
        #expect(printed.objectValue?.count == 4, "login prints no token: \(login.stdout)")
        let cached = try bed.cached()
        let idToken = try #require(cached["idToken"]?.stringValue)
        #expect(cached["refreshToken"]?.stringValue != nil)
        #expect(!String(decoding: try Data(contentsOf: try bed.cacheFile()), as: UTF8.self).contains(bed.moto.password))
        #expect(try bed.mode(of: try bed.cacheFile()) == 0o600)
        #expect(try bed.mode(of: bed.cache.appendingPathComponent("gqlpatch/tokens")) == 0o700)
        #expect(try bed.mode(of: bed.cache.appendingPathComponent("gqlpatch")) == 0o700)

        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--token", idToken])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let target = ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "--auth", "user-pool"]
        // No password from here on: the cached tokens are all the runs have.
        for name in ["Lamp", "Desk", "Shelf", "Stool"] {
            let updated = try bed.run(target + ["update", "Item", "--id", "item-1", "--set", "name=\(name)"])
            #expect(updated.status == 0, "\(updated)")
            #expect(try JSONValue.parse(updated.stdout)["name"]?.stringValue == name)
        }
        let got = try bed.run(target + ["get", "Item", "--id", "item-1"])
        #expect(got.status == 0, "\(got)")
        #expect(bed.count("InitiateAuth") - before == 1, "one sign-in: \(bed.moto.operations())")

        // The access token is another value, which this emulator does not take.
        let access = try bed.run(target + ["--token-use", "access"] + Self.update)
        access.expectFailure(77, "gqlpatch: error: HTTP 401")

        let status = try bed.run(["auth", "status"])
        #expect(status.status == 0, "\(status)")
        let shown = try JSONValue.parse(status.stdout)
        #expect(shown["refreshToken"]?.boolValue == true && shown["expired"]?.boolValue == false, "\(status.stdout)")
        let logout = try bed.run(["auth", "logout"])
        let removed = try JSONValue.parse(logout.stdout)["removed"]?.boolValue
        #expect(logout.status == 0 && removed == true, "\(logout)")
        try bed.run(["auth", "status"]).expectFailure(77, "gqlpatch: error: not signed in as 'alice' to user pool")
        let noPassword = try bed.run(target + Self.update)
        noPassword.expectFailure(
            78,
            "gqlpatch: error: signing in as 'alice' to user pool \(bed.moto.pool) needs the password: set GQLPATCH_PASSWORD or pass --password-file PATH\n"
        )
    }

    @Test func applyWithManyWorkersSignsInOnce() throws {
        let bed = try Bed()
        defer { bed.stop() }
        #expect(try bed.run(["auth", "login"], password: bed.moto.password).status == 0)
        let idToken = try #require(try bed.cached()["idToken"]?.stringValue)
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--token", idToken])
        defer { emulator.stop() }
        let lines = (1...200).map {
            #"{"op": "create", "model": "Item", "key": {"id": "item-\#($0)"}, "set": {"name": "n\#($0)"}}"#
        }
        let input = try emulator.file("input.jsonl", lines.joined(separator: "\n") + "\n")
        let before = bed.count("InitiateAuth")
        let applied = try bed.run(
            ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "apply", input, "-j", "8"],
            password: bed.moto.password)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.split(separator: "\n").count == 200)
        #expect(bed.count("InitiateAuth") == before, "the cached sign-in served all eight workers")
        #expect(try emulator.bodies().count == 200, "each line sent once")
    }

    @Test func updateSignsInWithThePasswordAndCachesUnlessNoCache() throws {
        let bed = try Bed()
        defer { bed.stop() }
        // The emulator takes any token moto issued for alice: learn it from a first login.
        let login = try bed.run(["auth", "login"], password: bed.moto.password)
        #expect(login.status == 0, "\(login)")
        let idToken = try #require(try bed.cached()["idToken"]?.stringValue)
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--token", idToken])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let target = ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema]
        let before = bed.count("InitiateAuth")
        // --no-cache: signs in (a new token, which this emulator refuses) and leaves the cache alone.
        let fresh = try bed.run(target + ["--no-cache"] + Self.update, password: bed.moto.password)
        fresh.expectFailure(77, "gqlpatch: error: HTTP 401")
        #expect(bed.count("InitiateAuth") - before == 1)
        #expect(try bed.cached()["idToken"]?.stringValue == idToken, "--no-cache writes nothing")
        let cachedRun = try bed.run(target + Self.update, password: bed.moto.password)
        #expect(cachedRun.status == 0, "\(cachedRun)")
        #expect(bed.count("InitiateAuth") - before == 1, "the cache answered")
    }

    @Test func refusalsOfTheSignInAreExit77() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let prefix = "gqlpatch: error: signing in as"
        let wrong = try bed.run(["auth", "login"], password: "not-the-password")
        wrong.expectFailure(77, "\(prefix) 'alice' to user pool \(bed.moto.pool) failed: Cognito at 127.0.0.1:")
        #expect(wrong.stderr.contains("NotAuthorizedException: Incorrect username or password."), "\(wrong)")
        let disabled = try bed.run(["auth", "login"], user: MotoCognito.Users.disabled, password: bed.moto.password)
        disabled.expectFailure(77, "\(prefix) 'mallory'")
        #expect(disabled.stderr.contains("User is disabled"), "\(disabled)")
        let newPassword = try bed.run(
            ["auth", "login"], user: MotoCognito.Users.newPassword, password: MotoCognito.Users.temporaryPassword)
        newPassword.expectFailure(
            77, "\(prefix) 'newbie' to user pool \(bed.moto.pool) failed: Cognito asks for a new password")
        #expect(newPassword.stderr.contains("admin-set-user-password"), "\(newPassword)")
        let unknown = try bed.run(["auth", "login"], user: "nobody", password: bed.moto.password)
        unknown.expectFailure(77, "\(prefix) 'nobody'")
        let mfaWithoutCode = try bed.run(["auth", "login"], user: MotoCognito.Users.mfa, password: bed.moto.password)
        mfaWithoutCode.expectFailure(
            77,
            "\(prefix) 'totp-tess' to user pool \(bed.moto.pool) failed: the user has software-token MFA; pass --mfa-code CODE or set GQLPATCH_TOTP_SECRET\n"
        )
        let badClient = try bed.run(
            ["auth", "login", "--client-id", "no-such-client"], password: bed.moto.password)
        badClient.expectFailure(78, "\(prefix) 'alice'")
        #expect(badClient.stderr.contains("ResourceNotFoundException"), "\(badClient)")
    }

    @Test func softwareTokenMFAWithACode() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let login = try bed.run(
            ["auth", "login", "--mfa-code", "123456"], user: MotoCognito.Users.mfa, password: bed.moto.password)
        #expect(login.status == 0, "\(login)")
        #expect(bed.moto.operations().suffix(2) == ["InitiateAuth", "RespondToAuthChallenge"])
    }

    @Test func secretHashClientSignsInAndRefreshes() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let login = try bed.run(
            ["auth", "login", "--client-secret", bed.moto.clientSecret], password: bed.moto.password, secret: true)
        #expect(login.status == 0, "\(login)")
        // Age the cached tokens: the next run refreshes them (moto checks SECRET_HASH on a refresh).
        var cached = try bed.cached()
        let now = Int(Date().timeIntervalSince1970)
        cached["obtainedAt"] = .int(now - 3590)
        cached["expiresAt"] = .int(now + 10)
        try Data(JSONValue.object(cached).serialized().utf8).write(to: try bed.cacheFile())
        let oldID = cached["idToken"]?.stringValue
        let secretFile = bed.moto.folder.appendingPathComponent("client-secret")
        try (bed.moto.clientSecret + "\n").write(to: secretFile, atomically: true, encoding: .utf8)
        let before = bed.moto.operations().count
        let status = try bed.run(
            ["auth", "logout", "--everywhere", "--client-secret", "@" + secretFile.path], secret: true)
        #expect(status.status == 0, "\(status)")
        #expect(
            Array(bed.moto.operations().dropFirst(before)) == ["InitiateAuth", "GlobalSignOut"],
            "refresh, then sign out")
        #expect(try JSONValue.parse(status.stdout)["signedOutEverywhere"]?.boolValue == true)
        _ = oldID

        // A wrong secret is refused at the refresh, and with no password there is nothing else to try.
        let again = try bed.run(
            ["auth", "login", "--client-secret", bed.moto.clientSecret], password: bed.moto.password, secret: true)
        #expect(again.status == 0, "\(again)")
        cached = try bed.cached()
        cached["obtainedAt"] = .int(now - 3590)
        cached["expiresAt"] = .int(now - 1)
        try Data(JSONValue.object(cached).serialized().utf8).write(to: try bed.cacheFile())
        let wrong = try bed.run(["auth", "logout", "--everywhere", "--client-secret", "wrong-secret"], secret: true)
        wrong.expectFailure(
            77, "gqlpatch: error: refreshing the tokens of 'alice' to user pool \(bed.moto.pool) failed")
    }

    @Test func aCacheOthersMayReadIsRefused() throws {
        let bed = try Bed()
        defer { bed.stop() }
        #expect(try bed.run(["auth", "login"], password: bed.moto.password).status == 0)
        let file = try bed.cacheFile()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let refused = try bed.run(["auth", "status"])
        refused.expectFailure(
            78,
            "gqlpatch: error: the token cache file \(file.path) may be read by others (mode 0644); run 'chmod 600 \(file.path)'"
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let folder = file.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let open = try bed.run(["auth", "status"])
        open.expectFailure(
            78,
            "gqlpatch: error: the token cache folder \(folder.path) may be entered by others (mode 0755); run 'chmod 700 \(folder.path)'"
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        // A damaged file is passed over with a warning and replaced by the next sign-in.
        try Data("{not json".utf8).write(to: file)
        let damaged = try bed.run(["auth", "status"])
        damaged.expectFailure(77, "gqlpatch: warning: the token cache file \(file.path) is damaged")
        let replaced = try bed.run(["auth", "login"], password: bed.moto.password)
        #expect(replaced.status == 0, "\(replaced)")
        #expect(try bed.cached()["idToken"]?.stringValue != nil)
    }

    @Test func thePasswordIsNeverAnArgumentAndDryRunsLookNothingUp() throws {
        let bed = try Bed()
        defer { bed.stop() }
        try bed.run(["--password", "hunter2hunter2", "auth", "login"]).expectFailure(
            64, "gqlpatch: error: --password is not taken: a command line is visible to other users (ps)")
        try bed.run(["--password=hunter2hunter2", "auth", "login"]).expectFailure(
            64, "gqlpatch: error: --password is not taken")
        let before = bed.moto.operations().count
        let dryRun = try bed.run(
            ["--endpoint", "http://127.0.0.1:9/graphql", "--schema", TestPaths.schema, "--dry-run"] + Self.update,
            password: bed.moto.password)
        #expect(dryRun.status == 0, "\(dryRun)")
        let credentials = try JSONValue.parse(dryRun.stdout)["credentials"]?.stringValue ?? ""
        #expect(
            credentials
                == "not looked up (would sign in as 'alice' to user pool \(bed.moto.pool) (app client \(bed.moto.client)); nothing was looked up or sent)",
            "\(dryRun.stdout)")
        #expect(bed.moto.operations().count == before, "a dry run sends nothing to Cognito")
        #expect(!FileManager.default.fileExists(atPath: bed.cache.path), "nor touches the cache")
        let passwordFile = bed.moto.folder.appendingPathComponent("password")
        try (bed.moto.password + "\n").write(to: passwordFile, atomically: true, encoding: .utf8)
        let fromFile = try bed.run(["auth", "login", "--password-file", passwordFile.path])
        #expect(fromFile.status == 0, "\(fromFile)")
    }

    @Test func plainHTTPToAnotherHostIsRefused() throws {
        let result = try GQLPatchRun.run(
            ["--username", "alice", "--user-pool-id", "us-east-1_X", "--client-id", "c", "auth", "login"],
            environment: [
                "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": "http://cognito.example.com/",
                "GQLPATCH_PASSWORD": "p4ssw0rd-long",
                "HOME": FileManager.default.temporaryDirectory.path,
            ])
        result.expectFailure(
            78,
            "gqlpatch: error: refusing to send the password over plain http:// to http://cognito.example.com/ (the Cognito endpoint)"
        )
    }

    @Test func plainHTTPThroughARemoteProxyIsRefused() throws {
        let result = try GQLPatchRun.run(
            ["--username", "alice", "--user-pool-id", "us-east-1_X", "--client-id", "c", "auth", "login"],
            environment: [
                "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": "http://127.0.0.1:9/",
                "GQLPATCH_PASSWORD": "p4ssw0rd-long",
                "http_proxy": "http://proxy.example.com:3128", "HOME": FileManager.default.temporaryDirectory.path,
            ])
        result.expectFailure(
            78,
            "gqlpatch: error: refusing to send the password (the Cognito endpoint) for http://127.0.0.1:9/ through the proxy proxy.example.com:3128 (from http_proxy)"
        )
    }

    @Test func secretsNeverShowInVerboseRuns() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let login = try bed.run(
            ["--verbose", "auth", "login", "--client-secret", bed.moto.clientSecret], password: bed.moto.password,
            secret: true)
        #expect(login.status == 0, "\(login)")
        #expect(
            login.stderr.contains(
                "gqlpatch: cognito: > POST \(bed.moto.endpoint) InitiateAuth (body not shown: it holds secrets)\ngqlpatch: cognito: < HTTP 200 ("
            ),
            "\(login.stderr)")
        let cached = try bed.cached()
        let tokens = ["idToken", "accessToken", "refreshToken"].compactMap { cached[$0]?.stringValue }
        #expect(tokens.count == 3)
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--token", tokens[0]])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let target = [
            "--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "--client-secret", bed.moto.clientSecret,
        ]
        let verbose = try bed.run(target + ["--verbose"] + Self.update, password: bed.moto.password, secret: true)
        #expect(verbose.status == 0, "\(verbose)")
        #expect(
            verbose.stderr.contains("> Authorization: eyJ"), "the trace shows the header, redacted: \(verbose.stderr)")
        let dryRun = try bed.run(
            target + ["--verbose", "--dry-run"] + Self.update, password: bed.moto.password, secret: true)
        #expect(dryRun.status == 0, "\(dryRun)")
        let refused = try bed.run(
            target + ["--verbose", "--no-cache"] + Self.update, password: bed.moto.password, secret: true)
        refused.expectFailure(77, "gqlpatch: config:")
        let wrong = try bed.run(["--verbose", "auth", "login"], password: "wrong-" + bed.moto.password)
        #expect(wrong.status != 0)
        for result in [login, verbose, dryRun, refused, wrong] {
            SecretLeakEndToEndTests.expectNoLeak(
                result, of: tokens + [bed.moto.password, bed.moto.clientSecret, "wrong-" + bed.moto.password])
        }
    }
}
