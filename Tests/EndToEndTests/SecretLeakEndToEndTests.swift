import Foundation
import JSON
import Testing

/// No secret a run uses (API key, token, secret access key, session token) reaches stdout or
/// stderr, not even in part: `--verbose`, `--dry-run` and failing runs included. The access key id
/// is not a secret to AWS, but gqlpatch never prints it either (the `Authorization` header is
/// shown redacted), and the tests hold it to that.
@Suite struct SecretLeakEndToEndTests {
    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]

    /// Fails for every secret found whole, or as any run of 12 of its characters, in either stream.
    static func expectNoLeak(
        _ result: ProcessResult, of secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for secret in secrets {
            let characters = Array(secret)
            let width = min(12, characters.count)
            for (name, stream) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                let leaked = (0...(characters.count - width)).map { String(characters[$0..<($0 + width)]) }
                    .first { stream.contains($0) }
                #expect(
                    leaked == nil, "\(name) shows '\(leaked ?? "")' of a secret:\n\(stream)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    private func run(_ emulator: Emulator, _ arguments: [String], environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        var env = ["HOME": emulator.folder.path, "AWS_EC2_METADATA_DISABLED": "true"]
        env.merge(environment) { _, new in new }
        return try GQLPatchRun.run(
            ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema] + arguments, environment: env,
            in: emulator.folder)
    }

    @Test func apiKey() throws {
        let key = Emulator.apiKey
        let emulator = try Emulator(arguments: ["--api-key", key])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let verbose = try run(emulator, ["--api-key", key, "--verbose"] + Self.update)
        #expect(verbose.status == 0, "\(verbose)")
        #expect(
            verbose.stderr.contains("> x-api-key: da2-…"), "the trace shows the header, redacted: \(verbose.stderr)")
        let dryRun = try run(emulator, ["--api-key", key, "--verbose", "--dry-run"] + Self.update)
        #expect(dryRun.status == 0, "\(dryRun)")
        let wrongKey = "da2-" + String(key.dropFirst(4).reversed())
        let refused = try run(emulator, ["--api-key", wrongKey, "--verbose"] + Self.update)
        #expect(refused.status == 77, "\(refused)")
        for result in [verbose, dryRun, refused] { Self.expectNoLeak(result, of: [key, wrongKey]) }
    }

    @Test func userPoolToken() throws {
        let token = "eyJraWQiOiJlMmUifQ." + UUID().uuidString + UUID().uuidString + ".c2ln"
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--token", token])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let verbose = try run(emulator, ["--auth", "user-pool", "--token", token, "--verbose"] + Self.update)
        #expect(verbose.status == 0, "\(verbose)")
        #expect(verbose.stderr.contains("> Authorization: eyJr…"), "\(verbose.stderr)")
        let tokenFile = try emulator.file("token", token + "\n")
        let dryRun = try run(
            emulator, ["--auth", "user-pool", "--token", "@" + tokenFile, "--verbose", "--dry-run"] + Self.update)
        #expect(dryRun.status == 0, "\(dryRun)")
        let wrongToken = String(token.reversed())
        let refused = try run(emulator, ["--auth", "user-pool", "--token", wrongToken, "--verbose"] + Self.update)
        #expect(refused.status == 77, "\(refused)")
        for result in [verbose, dryRun, refused] { Self.expectNoLeak(result, of: [token, wrongToken]) }
    }

    @Test func iamEnvironmentKeysWithSessionToken() throws {
        let identity = AWSStubIdentity.make(temporary: true)
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let verbose = try bed.update(name: "Lamp", extra: ["--verbose"], environment: identity.environment)
        try bed.expectAccepted(verbose, name: "Lamp", signedBy: identity)
        #expect(verbose.stderr.contains("> Authorization: AWS4…"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("> X-Amz-Security-Token: "), "\(verbose.stderr)")
        let dryRun = try bed.update(name: "Lamp", extra: ["--verbose", "--dry-run"], environment: identity.environment)
        #expect(dryRun.status == 0, "\(dryRun)")
        let wrong = identity.withWrongSecret()
        let refused = try bed.update(name: "Lamp", extra: ["--verbose"], environment: wrong.environment)
        #expect(refused.status == 77, "\(refused)")
        for result in [verbose, dryRun, refused] {
            Self.expectNoLeak(result, of: identity.secrets + wrong.secrets + [identity.accessKeyID])
        }
    }

    @Test func iamCredentialsFromSTS() throws {
        let source = AWSStubIdentity.make(temporary: true)
        let role = AWSStubIdentity.make(temporary: true)
        let stub = try AWSStub(issuing: role, stsSigner: source)
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        func write(_ base: AWSStubIdentity) throws {
            try bed.awsFile(
                "credentials",
                """
                [base]
                aws_access_key_id = \(base.accessKeyID)
                aws_secret_access_key = \(base.secretAccessKey)
                aws_session_token = \(base.sessionToken ?? "")

                """)
        }
        try write(source)
        try bed.awsFile(
            "config", "[profile admin]\nrole_arn = arn:aws:iam::123456789012:role/e2e\nsource_profile = base\n")
        let environment = ["AWS_ENDPOINT_URL_STS": stub.baseURL, "AWS_PROFILE": "admin"]
        let verbose = try bed.update(name: "Lamp", extra: ["--verbose"], environment: environment)
        try bed.expectAccepted(verbose, name: "Lamp", signedBy: role)
        #expect(try stub.requests().first?["check"] == "signature ok")
        let dryRun = try bed.update(name: "Lamp", extra: ["--verbose", "--dry-run"], environment: environment)
        #expect(dryRun.status == 0, "\(dryRun)")

        // STS refuses a source with the wrong secret: the run fails, still quoting no secret.
        let wrong = source.withWrongSecret()
        try write(wrong)
        let refused = try bed.update(name: "Lamp", extra: ["--verbose"], environment: environment)
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.stderr.contains("SignatureDoesNotMatch"), "\(refused.stderr)")
        for result in [verbose, dryRun, refused] {
            Self.expectNoLeak(
                result, of: source.secrets + wrong.secrets + role.secrets + [source.accessKeyID, role.accessKeyID])
        }
    }

    /// A Cognito identity endpoint that hands out `issued` (GetId, then GetCredentialsForIdentity), or
    /// answers GetCredentialsForIdentity with `failure` (status and body) when given.
    static func cognito(issuing issued: AWSStubIdentity, failure: (Int, String)? = nil) throws -> ScriptedServer {
        try ScriptedServer { _, body in
            if body.contains("IdentityPoolId") {
                return ScriptedServer.Reply(status: 200, body: #"{"IdentityId":"us-east-1:leak-test-identity"}"#)
            }
            if let failure { return ScriptedServer.Reply(status: failure.0, body: failure.1) }
            return ScriptedServer.Reply(
                status: 200,
                body:
                    #"{"Credentials":{"AccessKeyId":"\#(issued.accessKeyID)","SecretKey":"\#(issued.secretAccessKey)","SessionToken":"\#(issued.sessionToken ?? "")","Expiration":\#(Int(Date().timeIntervalSince1970) + 3600).25},"IdentityId":"us-east-1:leak-test-identity"}"#
            )
        }
    }

    /// Guest and signed-in identity-pool credentials: none of the credentials, nor the ID token, is
    /// shown by a verbose run, a dry run, a refused run, or an error answer that echoes them back.
    @Test func iamIdentityPoolCredentials() throws {
        let issued = AWSStubIdentity.make(temporary: true)
        let bed = try IAMTestbed(accepting: [issued])
        defer { bed.stop() }
        let good = try Self.cognito(issuing: issued)
        defer { good.stop() }
        let wrong = issued.withWrongSecret()
        let refusing = try Self.cognito(issuing: wrong)
        defer { refusing.stop() }
        let idToken = IdentityPoolEndToEndTests.idToken(userPool: "us-east-1_LeakTest")
        // The answer quotes the credentials and the ID token back, and is not one gqlpatch can use.
        let echoing = try Self.cognito(
            issuing: issued,
            failure: (
                400,
                #"{"__type":"NotAuthorizedException","message":"Invalid login token \#(idToken)"}"#
            ))
        defer { echoing.stop() }
        let badAnswer = try Self.cognito(
            issuing: issued,
            failure: (
                200,
                #"{"Credentials":{"AccessKeyId":"\#(issued.accessKeyID)","SecretKey":"\#(issued.secretAccessKey)","SessionToken":"\#(issued.sessionToken ?? "")","Expiration":"tomorrow"}}"#
            ))
        defer { badAnswer.stop() }
        func run(_ server: ScriptedServer, _ extra: [String], identity: String = "guest") throws -> ProcessResult {
            try bed.update(
                name: "Lamp",
                extra: ["--identity", identity, "--identity-pool-id", "us-east-1:leak-pool", "--verbose"] + extra,
                environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://127.0.0.1:\(server.port)/"])
        }
        let verbose = try run(good, [])
        try bed.expectAccepted(verbose, name: "Lamp", signedBy: issued)
        #expect(verbose.stderr.contains("> Authorization: AWS4…"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("> X-Amz-Security-Token: "), "\(verbose.stderr)")
        let signedIn = try run(good, ["--token", idToken], identity: "user")
        #expect(signedIn.status == 0, "\(signedIn)")
        let dryRun = try run(good, ["--dry-run", "--token", idToken], identity: "user")
        #expect(dryRun.status == 0, "\(dryRun)")
        let refused = try run(refusing, [])
        #expect(refused.status == 77, "\(refused)")
        let echoed = try run(echoing, ["--token", idToken], identity: "user")
        #expect(echoed.status == 77, "\(echoed)")
        #expect(echoed.stderr.contains("Invalid login token [redacted]"), "\(echoed.stderr)")
        let unusable = try run(badAnswer, [])
        #expect(unusable.status == 76, "\(unusable)")
        #expect(
            unusable.stderr.contains("the answer's Credentials.Expiration is not a number of seconds"),
            "\(unusable.stderr)")
        for result in [verbose, signedIn, dryRun, refused, echoed, unusable] {
            Self.expectNoLeak(result, of: issued.secrets + wrong.secrets + [issued.accessKeyID, idToken])
        }
    }
}
