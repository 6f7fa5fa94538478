import Foundation
import GQLPatchCLI
import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTestSupport
import Testing

@testable import GQLPatchCLI

/// `--identity` and `--identity-pool-id` as `Settings` resolves them: only with `--auth iam`, the pool
/// id by flag > environment > config, each refusal with its exit code; nothing sent while resolving.
@Suite struct IdentitySettingsTests {
    static let schema = "type Item @model { id: ID! name: String }"
    static let pool = "eu-west-1:0c9b691b-8cac-4259-acda-a77c632a4e10"
    static let outputs =
        #"{"data": {"url": "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql", "aws_region": "eu-west-1", "default_authorization_type": "AWS_IAM"}, "auth": {"aws_region": "eu-west-1", "identity_pool_id": "eu-west-1:11111111-aaaa"}}"#

    static func resolve(
        _ arguments: [String], environment: [String: String] = [:], withConfig: Bool = false,
        sending: Sending = .unlessDryRun
    ) async throws(GQLPatchError) -> Settings {
        var files: [String: [UInt8]] = ["/w/schema.graphql": Array(schema.utf8)]
        if withConfig { files["/w/amplify_outputs.json"] = Array(outputs.utf8) }
        let context = RunContext(
            console: Console(writeOut: { _ in }, writeErr: { _ in }, stdoutIsTerminal: false),
            files: .memory(files), transport: NoTransport(), workingDirectory: "/w")
        let options = try CommandLineParser.parse(arguments + ["get", "Item", "--id", "1"]).options
        return try await Settings.resolve(
            options.settingsInput, environment: environment, context: context.settings, sending: sending)
    }

    static func expectError(
        _ code: ExitCode, _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected: \(message)", sourceLocation: sourceLocation)
        } catch let error as GQLPatchError {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    static let endpoint = ["--endpoint", "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql"]

    @Test func thePoolIdComesFromTheFlagThenTheEnvironmentThenTheConfig() async throws {
        let env = ["GQLPATCH_IDENTITY_POOL_ID": "eu-west-1:22222222-bbbb"]
        let flag = try await Self.resolve(
            ["--auth", "iam", "--identity", "guest", "--identity-pool-id", Self.pool], environment: env,
            withConfig: true)
        #expect(flag.identity == IdentityPlan(kind: .guest, poolID: Self.pool, poolSource: "--identity-pool-id"))
        let fromEnv = try await Self.resolve(
            ["--auth", "iam", "--identity", "guest"], environment: env, withConfig: true)
        #expect(fromEnv.identity?.poolID == "eu-west-1:22222222-bbbb")
        #expect(fromEnv.identity?.poolSource == "GQLPATCH_IDENTITY_POOL_ID")
        // With the endpoint, the schema and the auth mode all given, the config is still read for the pool.
        let token = Self.jwt(#"{"iss":"https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_A","token_use":"id"}"#)
        let fromConfig = try await Self.resolve(
            Self.endpoint + ["--auth", "iam", "--identity", "user", "--token", token], withConfig: true)
        #expect(
            fromConfig.identity
                == IdentityPlan(
                    kind: .user, poolID: "eu-west-1:11111111-aaaa",
                    poolSource: "/w/amplify_outputs.json (auth.identity_pool_id)"))
        if case .iam(_, let region) = fromConfig.authorizer {
            #expect(region == "eu-west-1")
        } else {
            Issue.record("not iam: \(fromConfig.authorizer)")
        }
    }

    @Test func withoutIdentityIAMIsTheChainAndNoPoolIsLookedFor() async throws {
        let settings = try await Self.resolve(Self.endpoint + ["--auth", "iam"], withConfig: true)
        #expect(settings.identity == nil)
    }

    @Test func theDryRunNamesThePoolAndLooksNothingUp() async throws {
        let settings = try await Self.resolve(
            ["--auth", "iam", "--identity", "guest", "--identity-pool-id", Self.pool, "--dry-run"])
        #expect(!settings.authorizer.lookedUp)
        #expect(
            DryRun.credentials(settings)
                == "not looked up (would get guest credentials from Cognito identity pool \(Self.pool))")
    }

    @Test func schemaNeedsNoPool() async throws {
        let settings = try await Self.resolve(
            Self.endpoint + ["--auth", "iam", "--identity", "guest"], sending: .never)
        #expect(settings.identity == nil)
    }

    @Test func refusals() async {
        await Self.expectError(
            .usage, "--identity guest gets AWS credentials for --auth iam, but the auth mode is api-key"
        ) {
            _ = try await Self.resolve(["--auth", "api-key", "--api-key", "k", "--identity", "guest", "--dry-run"])
        }
        await Self.expectError(
            .usage, "--identity user gets AWS credentials for --auth iam, but the auth mode is none (pass --auth iam)"
        ) { _ = try await Self.resolve(["--identity", "user", "--identity-pool-id", Self.pool, "--dry-run"]) }
        await Self.expectError(.usage, "--identity-pool-id needs --identity guest or --identity user") {
            _ = try await Self.resolve(["--auth", "iam", "--identity-pool-id", Self.pool, "--dry-run"])
        }
        await Self.expectError(.usage, "--identity-pool-id: 'eu-west-1' is not a Cognito identity pool id") {
            _ = try await Self.resolve([
                "--auth", "iam", "--identity", "guest", "--identity-pool-id", "eu-west-1", "--dry-run",
            ])
        }
        await Self.expectError(.configuration, "GQLPATCH_IDENTITY_POOL_ID: 'x y' is not a Cognito identity pool id") {
            _ = try await Self.resolve(
                ["--auth", "iam", "--identity", "guest", "--dry-run"], environment: ["GQLPATCH_IDENTITY_POOL_ID": "x y"]
            )
        }
        await Self.expectError(
            .configuration,
            "--identity guest needs a Cognito identity pool id: pass --identity-pool-id ID, set GQLPATCH_IDENTITY_POOL_ID, or run where amplify_outputs.json (auth.identity_pool_id)"
        ) { _ = try await Self.resolve(Self.endpoint + ["--auth", "iam", "--identity", "guest"]) }
        await Self.expectError(
            .configuration, "refusing to ask http://cognito.example.com/ (AWS_ENDPOINT_URL_COGNITO_IDENTITY)"
        ) {
            _ = try await Self.resolve(
                Self.endpoint + ["--auth", "iam", "--identity", "guest", "--identity-pool-id", Self.pool],
                environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://cognito.example.com/"])
        }
        await Self.expectError(
            .configuration, "--identity user needs the signed-in user's ID token: pass --token TOKEN (or @FILE)"
        ) {
            _ = try await Self.resolve(
                Self.endpoint + ["--auth", "iam", "--identity", "user", "--identity-pool-id", Self.pool])
        }
    }

    static func jwt(_ claims: String) -> String {
        func url64(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return url64(#"{"alg":"RS256","kid":"k"}"#) + "." + url64(claims) + ".c2lnbmF0dXJl"
    }

    @Test func theLoginsKeyIsTheIDTokensIssuer() async throws {
        let token = Self.jwt(
            #"{"sub":"u","iss":"https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123","token_use":"id"}"#)
        #expect(
            try Settings.loginsKey(idToken: token, what: "--token", origin: .flag)
                == "cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123")
        #expect(
            try Settings.loginsKey(idToken: token, what: "--token", origin: .flag)
                == CognitoIdentityClient.loginsKey(userPoolID: "eu-west-1_AbC123"))
    }

    @Test(arguments: [
        ("not-a-jwt", "a JWT has three parts separated by '.'"),
        ("a.!!!.c", "its payload is not base64url-encoded JSON"),
        (
            jwt(#"{"iss":"https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_A","token_use":"access"}"#),
            "its token_use is 'access' (the identity pool takes the ID token, not the access token)"
        ),
        (jwt(#"{"iss":"https://accounts.google.com"}"#), "its issuer (iss) is not https://cognito-idp."),
        (jwt(#"{"iss":"http://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_A"}"#), "its issuer (iss) is not"),
        (jwt(#"{"iss":"https://cognito-idp.eu-west-1.amazonaws.com/a/b"}"#), "its issuer (iss) is not"),
        (jwt(#"{"sub":"u"}"#), "its issuer (iss) is not"),
    ])
    func tokensThatAreNotUserPoolIDTokensAreRefused(_ token: String, _ problem: String) async {
        await Self.expectError(.usage, "--token is not a Cognito user pool ID token: \(problem)") {
            _ = try Settings.loginsKey(idToken: token, what: "--token", origin: .flag)
        }
        await Self.expectError(.configuration, "GQLPATCH_TOKEN is not a Cognito user pool ID token: \(problem)") {
            _ = try Settings.loginsKey(idToken: token, what: "GQLPATCH_TOKEN", origin: .configuration)
        }
    }
}
