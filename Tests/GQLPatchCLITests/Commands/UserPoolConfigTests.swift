import Foundation
import GQLPatchCLI
import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchCLI

/// Where a sign-in's user pool comes from: the Amplify config files, the flags and the environment.
@Suite struct UserPoolConfigTests {
    static let fixtures = Fixture.sharedAmplify.appendingPathComponent("config")

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func realConfigFilesNameTheirUserPool() throws {
        let gen2 = try AmplifyConfigReader.read(
            path: Self.fixtures.appendingPathComponent("AnilMaktala-amplify-gen2-2647__amplify_outputs.json").path,
            files: .local, origin: .named)
        #expect(gen2.userPool?.poolID == "us-west-2_baJoZ5SNn")
        #expect(gen2.userPool?.clientID == "6tr7504dpp11c9oba3jh8gvajm")
        #expect(gen2.userPool?.region == "us-west-2")
        let gen1 = try AmplifyConfigReader.read(
            path: Self.fixtures.appendingPathComponent("softment-myMink-iOS__amplifyconfiguration.json").path,
            files: .local, origin: .named)
        #expect(gen1.userPool?.poolID == "us-east-1_FKoR4zeYx")
        #expect(gen1.userPool?.clientID == "a22spouu9ul1jek19jdqt5q45")
        #expect(gen1.userPool?.clientIDPath == "auth.plugins.awsCognitoAuthPlugin.CognitoUserPool.Default.AppClientId")
    }

    static let gen2Base =
        #""data":{"url":"https://x/graphql","aws_region":"us-east-1","default_authorization_type":"AMAZON_COGNITO_USER_POOLS"}"#

    @Test func mistypedUserPoolFieldsAreConfigurationErrors() {
        for (auth, problem) in [
            (#""auth":[]"#, "f.json: auth must be an object"),
            (#""auth":{"user_pool_id":7}"#, "f.json: auth.user_pool_id must be a string"),
        ] {
            let error = caught { () throws(GQLPatchError) in
                try AmplifyConfigReader.read(bytes: Array("{\(Self.gen2Base),\(auth)}".utf8), file: "f.json")
            }
            #expect(error?.code == .configuration && error?.message == problem, "\(error?.message ?? "")")
        }
        let none = try? AmplifyConfigReader.read(bytes: Array("{\(Self.gen2Base)}".utf8), file: "f.json")
        #expect(none?.userPool == nil)
    }

    static func app(_ arguments: [String], environment: [String: String] = [:], config: String? = nil)
        throws(GQLPatchError)
        -> UserPoolApp
    {
        let options = try CommandLineParser.parse(arguments + ["schema"]).options
        let parsed = try config.map { (text: String) throws(GQLPatchError) in
            try AmplifyConfigReader.read(bytes: Array(text.utf8), file: "amplify_outputs.json")
        }
        return try Settings.userPoolApp(
            options.settingsInput, environment: environment, config: parsed, wording: CommandLineWording())
    }

    @Test func idsComeFromFlagsThenEnvironmentThenConfig() throws {
        let config =
            "{\(Self.gen2Base),\"auth\":{\"user_pool_id\":\"eu-west-1_Conf\",\"user_pool_client_id\":\"conf-client\",\"aws_region\":\"eu-west-1\"}}"
        let fromConfig = try Self.app([], config: config)
        #expect(
            fromConfig
                == UserPoolApp(
                    poolID: "eu-west-1_Conf", clientID: "conf-client", region: "eu-west-1",
                    endpoint: "https://cognito-idp.eu-west-1.amazonaws.com/"))
        let fromEnvironment = try Self.app(
            [], environment: ["GQLPATCH_USER_POOL_ID": "ap-south-1_Env", "GQLPATCH_CLIENT_ID": "env-client"],
            config: config)
        #expect(fromEnvironment.poolID == "ap-south-1_Env" && fromEnvironment.region == "ap-south-1")
        #expect(fromEnvironment.clientID == "env-client")
        let fromFlags = try Self.app(
            ["--user-pool-id", "us-west-2_Flag", "--client-id", "flag-client"],
            environment: [
                "GQLPATCH_USER_POOL_ID": "ap-south-1_Env",
                "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": "http://127.0.0.1:9/",
            ],
            config: config)
        #expect(
            fromFlags
                == UserPoolApp(
                    poolID: "us-west-2_Flag", clientID: "flag-client", region: "us-west-2",
                    endpoint: "http://127.0.0.1:9/"))
    }

    @Test func missingIdsSayWhereTheyCanComeFrom() {
        #expect(throws: GQLPatchError.self) { try Self.app([]) }
        do {
            _ = try Self.app(["--client-id", "c"])
        } catch {
            #expect(error.code == .configuration)
            #expect(
                error.message.hasPrefix(
                    "signing in needs the user pool id: pass --user-pool-id ID, set GQLPATCH_USER_POOL_ID, or run where amplify_outputs.json (auth.user_pool_id)"
                ))
        }
        do {
            _ = try Self.app(["--user-pool-id", "us-east-1_P"])
        } catch {
            #expect(error.message.hasPrefix("signing in needs the app client id: pass --client-id ID"))
        }
        do {
            _ = try Self.app(["--user-pool-id", "noregion", "--client-id", "c"])
        } catch {
            #expect(error.message.hasPrefix("the user pool id 'noregion' does not start with its region"))
        }
    }

    @Test func theNewOptionsParse() throws {
        let options = try CommandLineParser.parse([
            "--username", "ci-bot", "--password-file", "/run/pw", "--auth-flow", "password", "--client-secret",
            "@/run/s",
            "--mfa-code", "123456", "--token-use", "access", "--user-pool-id", "us-east-1_P", "--client-id", "c",
            "--no-cache", "auth", "status",
        ]).options
        #expect(options.username == "ci-bot" && options.passwordFile == "/run/pw")
        #expect(options.authFlow == .password && options.clientSecret == "@/run/s" && options.mfaCode == "123456")
        #expect(options.tokenUse == .access && options.userPoolID == "us-east-1_P" && options.clientID == "c")
        #expect(options.noCache)
        #expect(
            caught { () throws(GQLPatchError) in try CommandLineParser.parse(["--auth-flow", "custom", "schema"]) }.map
            { [$0.code == .usage, $0.message == "--auth-flow expects srp or password, got 'custom'"] } == [true, true])
        for form in [["--password", "x"], ["--password=x"]] {
            do {
                _ = try CommandLineParser.parse(form + ["schema"])
                Issue.record("--password was taken")
            } catch {
                #expect(error.code == .usage)
                #expect(
                    error.message.hasPrefix("--password is not taken: a command line is visible to other users (ps)"))
            }
        }
        #expect(
            caught { () throws(GQLPatchError) in try CommandLineParser.parse(["auth", "login", "--everywhere"]) }.map {
                [$0.code == .usage, $0.message == "--everywhere goes with 'auth logout'"]
            } == [true, true])
        #expect(throws: GQLPatchError.self) { try CommandLineParser.parse(["auth", "signin"]) }
        let globals = HelpText.text(for: HelpText.globalsTopic)
        for name in ["--username NAME", "--password-file PATH", "--auth-flow srp|password", "--no-cache"] {
            #expect(globals.contains(name), "\(name) in gqlpatch help globals")
        }
        #expect(HelpText.text(for: nil).contains("auth login | status | logout"), "auth in the overview")
    }
}
