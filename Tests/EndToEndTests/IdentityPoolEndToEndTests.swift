import Foundation
import JSON
import Testing

/// `--auth iam --identity guest|user` end to end: moto's cognito-identity hands out the identity's
/// credentials, the emulator admits only requests SigV4-signed with them (re-signed by botocore), and
/// the identity pool server's log shows what gqlpatch asked. Refusals, a missing pool id and dry runs
/// are checked for their exit code, their message and for sending nothing.
@Suite struct IdentityPoolEndToEndTests {
    /// moto with a pool allowing guests (`guests`) and one that does not (`members`), and an emulator
    /// accepting moto's credentials.
    final class Bed: @unchecked Sendable {
        // @unchecked: used by the one test that owns it.
        let cognito: IdentityPoolServer
        let iam: IAMTestbed

        init() throws {
            cognito = try IdentityPoolServer(pools: ["guests": true, "members": false])
            iam = try IAMTestbed(accepting: [IdentityPoolServer.credentials])
        }

        var guestPool: String { cognito.pools["guests"]! }
        var membersPool: String { cognito.pools["members"]! }

        func gqlpatch(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws
            -> ProcessResult
        {
            var env = ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": cognito.endpoint]
            env.merge(environment) { _, new in new }
            return try iam.gqlpatch(["--region", "us-east-1"] + arguments, environment: env, stdin: stdin)
        }

        func stop() {
            iam.stop()
            cognito.stop()
        }
    }

    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]

    @Test func guestCredentialsUpdateAnIAMModel() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let result = try bed.gqlpatch(["--identity", "guest", "--identity-pool-id", bed.guestPool] + Self.update)
        try bed.iam.expectAccepted(result, name: "Lamp", signedBy: IdentityPoolServer.credentials)
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(try bed.cognito.operations() == ["GetId", "GetCredentialsForIdentity"])
        let requests = try bed.cognito.requests()
        #expect(
            try JSONValue.parse(requests[0]["body"]?.stringValue ?? "")
                == .object(["IdentityPoolId": .string(bed.guestPool)]))
        let identity = try JSONValue.parse(requests[1]["body"]?.stringValue ?? "")
        #expect(identity.objectValue?.keys == ["IdentityId"], "a guest sends no Logins")
    }

    @Test func guestListAndApplyFromThePoolInTheEnvironment() throws {
        let bed = try Bed()
        defer { bed.stop() }
        try bed.iam.emulator.create("Item", ["id": "item-2", "name": "Desk"])
        let environment = ["GQLPATCH_IDENTITY_POOL_ID": bed.guestPool]
        let list = try bed.gqlpatch(["--identity", "guest", "list", "Item"], environment: environment)
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.split(separator: "\n").count == 2, "\(list)")
        let lines =
            (1...3).map {
                #"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp \#($0)"}}"#
            }
            + [#"{"op": "update", "model": "Item", "key": {"id": "item-2"}, "set": {"name": "Shelf"}}"#]
        let apply = try bed.gqlpatch(
            ["--identity", "guest", "apply", "-"], environment: environment, stdin: lines.joined(separator: "\n") + "\n"
        )
        #expect(apply.status == 0, "\(apply)")
        #expect(apply.stdout.split(separator: "\n").allSatisfy { $0.contains(#""status":"updated""#) }, "\(apply)")
        #expect(try bed.iam.storedName() == "Lamp 3")
        // One identity for both runs: the first asks GetId once (apply's concurrent requests share it) and
        // keeps the id in the cache; the second asks only GetCredentialsForIdentity for it.
        let operations = try bed.cognito.operations()
        #expect(operations.filter { $0 == "GetId" }.count == 1, "\(operations)")
        #expect(operations.first == "GetId")
        #expect(Set(operations) == ["GetId", "GetCredentialsForIdentity"])
        #expect(try Self.identitiesAsked(bed).count == 1, "both runs used the one identity")
    }

    /// The identity ids GetCredentialsForIdentity was asked for, in order.
    static func identitiesAsked(_ bed: Bed) throws -> [String] {
        try bed.cognito.requests().compactMap { request -> String? in
            guard request["target"] == "AWSCognitoIdentityService.GetCredentialsForIdentity" else { return nil }
            return try JSONValue.parse(request["body"]?.stringValue ?? "")["IdentityId"]?.stringValue
        }.reduce(into: [String]()) { seen, id in if seen.last != id { seen.append(id) } }
    }

    /// The guest identity's id is kept between runs (issue 16 #4: a `GetId` per run would fill the pool
    /// with identities used once), in a 0600 file holding the id and nothing secret; `--no-cache` makes
    /// a new one and leaves the file alone; an id the pool no longer knows is replaced once; a file
    /// others may read is refused (78) before anything is asked.
    @Test func aGuestIdentityIsKeptBetweenRuns() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let cache = bed.iam.home.appendingPathComponent("xdg-cache")
        let environment = ["XDG_CACHE_HOME": cache.path]
        let guest = ["--identity", "guest", "--identity-pool-id", bed.guestPool] + Self.update
        let first = try bed.gqlpatch(guest, environment: environment)
        try bed.iam.expectAccepted(first, name: "Lamp", signedBy: IdentityPoolServer.credentials)
        let second = try bed.gqlpatch(guest, environment: environment)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second)")
        #expect(try bed.iam.signedRequests().map(\.["status"]) == [200, 200])
        #expect(try bed.cognito.operations() == ["GetId", "GetCredentialsForIdentity", "GetCredentialsForIdentity"])
        let folder = cache.appendingPathComponent("gqlpatch/identities")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        try #require(files.count == 1, "\(files)")
        let file = folder.appendingPathComponent(files[0])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let kept = try String(contentsOf: file, encoding: .utf8)
        let identity = try #require(try Self.identitiesAsked(bed).first)
        #expect(kept.contains(identity), "\(kept)")
        for secret in IdentityPoolServer.credentials.secrets { #expect(!kept.contains(secret)) }

        let oneShot = try bed.gqlpatch(["--no-cache"] + guest, environment: environment)
        #expect(oneShot.status == 0, "\(oneShot)")
        #expect(try bed.cognito.operations().suffix(2) == ["GetId", "GetCredentialsForIdentity"])
        #expect(try String(contentsOf: file, encoding: .utf8) == kept, "--no-cache leaves the file alone")

        // An id the pool does not know (deleted since): one GetCredentialsForIdentity refused, then a new
        // identity, kept in its place.
        let unknown = "us-east-1:00000000-0000-4000-8000-000000000000"
        try kept.replacingOccurrences(of: identity, with: unknown).write(to: file, atomically: false, encoding: .utf8)
        let replaced = try bed.gqlpatch(guest, environment: environment)
        #expect(replaced.status == 0 && replaced.stderr.isEmpty, "\(replaced)")
        #expect(
            try bed.cognito.operations().suffix(3) == [
                "GetCredentialsForIdentity", "GetId", "GetCredentialsForIdentity",
            ])
        let renewed = try String(contentsOf: file, encoding: .utf8)
        let newest = try Self.identitiesAsked(bed).last ?? "?"
        #expect(!renewed.contains(unknown) && renewed.contains(newest), "\(renewed)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let asked = try bed.cognito.operations().count
        let refused = try bed.gqlpatch(guest, environment: environment)
        refused.expectFailure(78, "gqlpatch: error: the guest identity cache file \(file.path) may be read by others")
        #expect(try bed.cognito.operations().count == asked, "nothing asked")
    }

    @Test func thePoolIdFromAmplifyOutputs() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let outputs =
            #"{"data": {"url": "\#(bed.iam.emulator.endpoint)", "aws_region": "us-east-1", "default_authorization_type": "AWS_IAM"}, "auth": {"aws_region": "us-east-1", "identity_pool_id": "\#(bed.guestPool)"}}"#
        try outputs.write(
            to: bed.iam.emulator.folder.appendingPathComponent("amplify_outputs.json"), atomically: true,
            encoding: .utf8)
        let result = try bed.gqlpatch(["--identity", "guest"] + Self.update)
        try bed.iam.expectAccepted(result, name: "Lamp", signedBy: IdentityPoolServer.credentials)
    }

    @Test func aPoolWithoutGuestAccessIsRefused() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let result = try bed.gqlpatch(["--identity", "guest", "--identity-pool-id", bed.membersPool] + Self.update)
        result.expectFailure(
            77,
            "gqlpatch: error: Cognito GetId for identity pool \(bed.membersPool) failed: HTTP 400 NotAuthorizedException: "
                + "Unauthenticated access is not supported for this identity pool.; enable guest (unauthenticated) access"
        )
        #expect(try bed.iam.signedRequests().isEmpty)
        #expect(try bed.iam.storedName() == "Chair")
    }

    @Test func aPoolThatDoesNotExistIsConfiguration() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let missing = "us-east-1:00000000-0000-0000-0000-000000000000"
        let result = try bed.gqlpatch(["--identity", "guest", "--identity-pool-id", missing] + Self.update)
        result.expectFailure(
            78,
            "gqlpatch: error: Cognito GetId for identity pool \(missing) failed: HTTP 400 ResourceNotFoundException: "
                + "IdentityPool '\(missing)' not found.; check the identity pool id and its region\n")
        #expect(try bed.iam.signedRequests().isEmpty)
    }

    @Test func signedInCredentialsCarryTheIDTokenInLogins() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let token = Self.idToken(userPool: "us-east-1_E2eUsers")
        let result = try bed.gqlpatch(
            ["--identity", "user", "--identity-pool-id", bed.membersPool, "--token", token] + Self.update)
        try bed.iam.expectAccepted(result, name: "Lamp", signedBy: IdentityPoolServer.credentials)
        let logins: JSONValue = .object(["cognito-idp.us-east-1.amazonaws.com/us-east-1_E2eUsers": .string(token)])
        let bodies = try bed.cognito.requests().map { try JSONValue.parse($0["body"]?.stringValue ?? "") }
        #expect(bodies.map { $0["Logins"] } == [logins, logins])
        #expect(!result.stderr.contains(String(token.suffix(20))))
    }

    /// `--identity user --username NAME`: gqlpatch signs in to the user pool itself (SRP, against the
    /// SRP-checking stub) and hands the identity pool the ID token it got.
    @Test func aSignInGivesTheIdentityPoolItsIDToken() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let stub = try UserPoolStub(["--user", "alice:Correct-Horse-7!"])
        defer { stub.stop() }
        let cache = bed.cognito.folder.appendingPathComponent("cache")
        let result = try bed.gqlpatch(
            ["--identity", "user", "--identity-pool-id", bed.membersPool] + stub.flags("alice").dropFirst(2)
                + Self.update,
            environment: stub.environment(password: "Correct-Horse-7!", cache: cache))
        try bed.iam.expectAccepted(result, name: "Lamp", signedBy: IdentityPoolServer.credentials)
        #expect(try stub.stats()["RespondToAuthChallenge:PASSWORD_VERIFIER"] == 1, "signed in with SRP")
        let bodies = try bed.cognito.requests().map { try JSONValue.parse($0["body"]?.stringValue ?? "") }
        let key = "cognito-idp.us-east-1.amazonaws.com/\(UserPoolStub.pool)"
        #expect(bodies.count == 2)
        for body in bodies {
            let token = body["Logins"]?[key]?.stringValue ?? ""
            #expect(token.split(separator: ".").count == 3, "the stub's ID token: \(body)")
            #expect(!result.stderr.contains(String(token.suffix(20))))
        }
    }

    /// A user-pool ID token (unsigned: neither moto nor the emulator checks it here) for `userPool`.
    static func idToken(userPool: String) -> String {
        func url64(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let region = userPool.split(separator: "_")[0]
        let claims =
            #"{"sub":"\#(UUID().uuidString)","iss":"https://cognito-idp.\#(region).amazonaws.com/\#(userPool)","token_use":"id","aud":"client","exp":4102444800}"#
        return url64(#"{"kid":"e2e","alg":"RS256"}"#) + "." + url64(claims) + "."
            + url64(UUID().uuidString + UUID().uuidString)
    }

    /// A Cognito endpoint that must not be asked: every request to it is recorded (and answered 500).
    static func untouchable() throws -> ScriptedServer {
        try ScriptedServer { _, _ in ScriptedServer.Reply(status: 500, body: #"{"__type":"InternalErrorException"}"#) }
    }

    @Test func aMissingPoolIdIs78AndAsksNothing() throws {
        let cognito = try Self.untouchable()
        defer { cognito.stop() }
        let bed = try IAMTestbed(accepting: [IdentityPoolServer.credentials])
        defer { bed.stop() }
        let result = try bed.gqlpatch(
            ["--region", "us-east-1", "--identity", "guest"] + Self.update,
            environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://127.0.0.1:\(cognito.port)/"])
        result.expectFailure(
            78,
            "gqlpatch: error: --identity guest needs a Cognito identity pool id: pass --identity-pool-id ID, set GQLPATCH_IDENTITY_POOL_ID, or run where amplify_outputs.json (auth.identity_pool_id)"
        )
        #expect(cognito.received.isEmpty)
        #expect(try bed.signedRequests().isEmpty)
    }

    @Test(arguments: [Self.update, ["apply", "-"]])
    func aDryRunSaysWhichPoolAndAsksNothing(_ command: [String]) throws {
        let cognito = try Self.untouchable()
        defer { cognito.stop() }
        let bed = try IAMTestbed(accepting: [IdentityPoolServer.credentials])
        defer { bed.stop() }
        let pool = "us-east-1:11111111-2222-3333-4444-555555555555"
        let result = try bed.gqlpatch(
            ["--identity", "guest", "--identity-pool-id", pool, "--dry-run", "--compact"] + command,
            environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://127.0.0.1:\(cognito.port)/"],
            stdin: #"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"# + "\n")
        #expect(result.status == 0, "\(result)")
        let said = "not looked up (would get guest credentials from Cognito identity pool \(pool))"
        if command[0] == "apply" {
            #expect(result.stderr.contains("credentials \(said)"), "\(result)")
        } else {
            #expect(try result.singleDocument()["credentials"] == .string(said), "\(result)")
        }
        #expect(cognito.received.isEmpty, "the dry run asked Cognito: \(cognito.received)")
        #expect(try bed.signedRequests().isEmpty)
    }

    /// Without `--identity`, `--auth iam` is the AWS chain: with no AWS credentials it fails as before,
    /// even with an identity pool in the environment and the config, and Cognito is never asked.
    @Test func withoutIdentityThereIsNoGuestFallback() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let outputs =
            #"{"data": {"url": "\#(bed.iam.emulator.endpoint)", "aws_region": "us-east-1", "default_authorization_type": "AWS_IAM"}, "auth": {"aws_region": "us-east-1", "identity_pool_id": "\#(bed.guestPool)"}}"#
        try outputs.write(
            to: bed.iam.emulator.folder.appendingPathComponent("amplify_outputs.json"), atomically: true,
            encoding: .utf8)
        let result = try bed.gqlpatch(Self.update, environment: ["GQLPATCH_IDENTITY_POOL_ID": bed.guestPool])
        result.expectFailure(78, "gqlpatch: error: no AWS credentials found; tried: environment")
        #expect(try bed.cognito.requests().isEmpty)
    }

    @Test func identityNeedsIAM() throws {
        let result = try GQLPatchRun.run(
            [
                "--schema", TestPaths.schema, "--endpoint", "https://example.invalid/graphql", "--auth", "user-pool",
                "--token", "t", "--identity", "guest",
            ] + Self.update)
        result.expectFailure(
            64,
            "gqlpatch: error: --identity guest gets AWS credentials for --auth iam, but the auth mode is user-pool\n")
    }

    @Test func plainHTTPToARemoteCognitoIsRefused() throws {
        let bed = try IAMTestbed(accepting: [IdentityPoolServer.credentials])
        defer { bed.stop() }
        let result = try bed.gqlpatch(
            ["--region", "us-east-1", "--identity", "guest", "--identity-pool-id", "us-east-1:abc"] + Self.update,
            environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://cognito.example.invalid/"])
        result.expectFailure(
            78,
            "gqlpatch: error: refusing to ask http://cognito.example.invalid/ (AWS_ENDPOINT_URL_COGNITO_IDENTITY) for credentials over plain http"
        )
    }
}
