import AWSSigning
import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct ProfileCredentialTests {
    static let keys =
        "aws_access_key_id = AKIAPROFILEKEY000001\naws_secret_access_key = profileSecret/0000000000000000000000\n"

    @Test func environmentKeysComeFirst() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.credentials("[default]\n" + Self.keys)
        let found = try await sandbox.chain(environment: [
            "AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT00001", "AWS_SECRET_ACCESS_KEY": "envSecret",
            "AWS_SESSION_TOKEN": "envToken",
        ]).resolve()
        #expect(
            found.credentials
                == SigV4Credentials(
                    accessKeyID: "AKIAENVIRONMENT00001", secretAccessKey: "envSecret", sessionToken: "envToken"))
        #expect(found.source == "environment")
        #expect(found.expiration == nil)
    }

    @Test func legacySecurityTokenWinsAndEmptyValuesAreUnset() async throws {
        let sandbox = try CredentialSandbox()
        let found = try await sandbox.chain(environment: [
            "AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT00001", "AWS_SECRET_ACCESS_KEY": "envSecret",
            "AWS_SESSION_TOKEN": "newer", "AWS_SECURITY_TOKEN": "legacy",
        ]).resolve()
        #expect(found.credentials.sessionToken == "legacy")
        let noToken = try await sandbox.chain(environment: [
            "AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT00001", "AWS_SECRET_ACCESS_KEY": "envSecret", "AWS_SESSION_TOKEN": "",
        ]).resolve()
        #expect(noToken.credentials.sessionToken == nil)
    }

    @Test func keyIDWithoutSecretIsAnError() async throws {
        let sandbox = try CredentialSandbox()
        await expectCredentialError(
            .configuration,
            "partial AWS credentials in the environment: AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not"
        ) {
            _ = try await sandbox.chain(environment: [
                "AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT00001", "AWS_SECRET_ACCESS_KEY": "",
            ]).resolve()
        }
    }

    @Test func profileFlagSkipsEnvironmentButAWSProfileDoesNot() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.credentials("[dev]\n" + Self.keys)
        let environment = ["AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT00001", "AWS_SECRET_ACCESS_KEY": "envSecret"]
        let flagged = try await sandbox.chain(environment: environment, profile: "dev").resolve()
        #expect(flagged.source == "profile dev in ~/.aws/credentials")
        #expect(flagged.credentials.accessKeyID == "AKIAPROFILEKEY000001")
        var withProfile = environment
        withProfile["AWS_PROFILE"] = "dev"
        #expect(try await sandbox.chain(environment: withProfile).resolve().source == "environment")
    }

    @Test func profileSelection() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.credentials(
            """
            [default]
            aws_access_key_id = AKIADEFAULT000000001
            aws_secret_access_key = s
            [a]
            aws_access_key_id = AKIAPROFILEA00000001
            aws_secret_access_key = s
            [b]
            aws_access_key_id = AKIAPROFILEB00000001
            aws_secret_access_key = s
            """)
        #expect(try await sandbox.chain().resolve().credentials.accessKeyID == "AKIADEFAULT000000001")
        #expect(
            try await sandbox.chain(environment: ["AWS_DEFAULT_PROFILE": "b"]).resolve().credentials.accessKeyID
                == "AKIAPROFILEB00000001")
        #expect(
            try await sandbox.chain(environment: ["AWS_PROFILE": "a", "AWS_DEFAULT_PROFILE": "b"]).resolve().credentials
                .accessKeyID == "AKIAPROFILEA00000001")
        #expect(
            try await sandbox.chain(environment: ["AWS_PROFILE": "a"], profile: "b").resolve().credentials.accessKeyID
                == "AKIAPROFILEB00000001")
    }

    @Test func missingNamedProfileIsAnError() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.credentials("[default]\n" + Self.keys)
        await expectCredentialError(
            .configuration, "AWS profile 'nope' not found in ~/.aws/credentials or ~/.aws/config"
        ) {
            _ = try await sandbox.chain(environment: ["AWS_PROFILE": "nope"]).resolve()
        }
    }

    @Test func configFileProfileAndFileOverrides() async throws {
        let sandbox = try CredentialSandbox()
        let config = try sandbox.write("elsewhere/cfg", "[profile dev]\nregion = eu-north-1\n" + Self.keys)
        let chain = sandbox.chain(
            environment: ["AWS_CONFIG_FILE": config, "AWS_SHARED_CREDENTIALS_FILE": "~/none"], profile: "dev")
        let found = try await chain.resolve()
        #expect(found.source == "profile dev in ~/elsewhere/cfg")
        #expect(try chain.profileRegion() == "eu-north-1")
    }

    @Test func credentialsFileWinsKeyByKey() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config(
            "[default]\nregion = us-east-1\naws_access_key_id = AKIACONFIG0000000001\naws_secret_access_key = configSecret\n"
        )
        try sandbox.credentials("[default]\naws_secret_access_key = credentialsSecret\nregion = us-west-1\n")
        let chain = sandbox.chain()
        let found = try await chain.resolve()
        #expect(found.credentials.secretAccessKey == "credentialsSecret")
        #expect(found.source == "profile default in ~/.aws/config")
        #expect(try chain.profileRegion() == "us-west-1")
    }

    @Test func keyIDWithoutSecretNamesFileAndLine() async throws {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.credentials("[default]\nregion = x\n\n[dev]\naws_access_key_id = AKIAPROFILEKEY000001\n")
        await expectCredentialError(
            .configuration, "\(path):5:1: error: profile dev has aws_access_key_id but no aws_secret_access_key"
        ) {
            _ = try await sandbox.chain(profile: "dev").resolve()
        }
    }

    @Test func malformedFileStopsTheChain() async throws {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.config("[default]\nregion\n")
        await expectCredentialError(.configuration, "\(path):2:1: error: expected an '=' sign defining a property") {
            _ = try await sandbox.chain().resolve()
        }
    }

    @Test func ssoProfilesPointToExportCredentials() async throws {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.config("[profile corp]\nsso_session = corp\nsso_account_id = 1\nsso_role_name = r\n")
        await expectCredentialError(
            .configuration, "\(path):2:1: error: profile corp uses IAM Identity Center (SSO)", prefix: true
        ) {
            _ = try await sandbox.chain(profile: "corp").resolve()
        }
    }
}
