import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// The AWS CLI v2 order: environment, profile role, web identity, credentials-file keys,
/// credential_process, config-file keys, container, instance metadata.
@Suite struct ChainOrderTests {
    static let process =
        "printf '{\"Version\": 1, \"AccessKeyId\": \"AKIAPROCESS000000001\", \"SecretAccessKey\": \"processSecret\"}'"

    /// Answers STS, the container endpoint and IMDS, so every source has something to give.
    static func everythingUp() -> RecordingTransport {
        RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            if request.url.hasPrefix("http://sts.test") {
                return request.bodyText.contains("AssumeRoleWithWebIdentity")
                    ? STSReplies.webIdentity() : STSReplies.assumeRole()
            }
            if request.url.hasPrefix("http://169.254.170.2") {
                return .text(
                    200,
                    #"{"AccessKeyId":"ASIACONTAINER0000001","SecretAccessKey":"c","Token":"t","Expiration":"2023-11-15T00:00:00Z"}"#
                )
            }
            if request.url.hasSuffix("/latest/api/token") { return .text(200, "imds-token") }
            if request.url.hasSuffix("/security-credentials/") { return .text(200, "role") }
            return .text(
                200,
                #"{"Code":"Success","AccessKeyId":"ASIAIMDS000000000001","SecretAccessKey":"i","Token":"t","Expiration":"2023-11-15T00:00:00Z"}"#
            )
        }
    }

    @Test func eachSourceBeatsTheNext() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token.jwt", "eyJhbGciOi.payload.sig")
        var environment = [
            "AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT00001", "AWS_SECRET_ACCESS_KEY": "e",
            "AWS_ENDPOINT_URL_STS": "http://sts.test",
            "AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile, "AWS_ROLE_ARN": "arn:aws:iam::1:role/web",
            "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/v2/credentials/abc",
        ]
        try sandbox.credentials(
            "[source]\naws_access_key_id = AKIASOURCE0000000001\naws_secret_access_key = s\n[default]\naws_access_key_id = AKIACREDFILE00000001\naws_secret_access_key = c\n"
        )
        try sandbox.config(
            "[default]\nrole_arn = arn:aws:iam::1:role/r\nsource_profile = source\ncredential_process = \(Self.process)\n"
        )
        let transport = Self.everythingUp()
        var sources: [String] = []
        func next() async throws -> String {
            try await sandbox.chain(environment: environment, transport: transport).resolve().credentials.accessKeyID
        }
        sources.append(try await next())
        environment["AWS_ACCESS_KEY_ID"] = nil
        sources.append(try await next())
        try sandbox.config(
            "[default]\ncredential_process = \(Self.process)\naws_access_key_id = AKIACONFIG0000000001\naws_secret_access_key = k\n"
        )
        sources.append(try await next())
        environment["AWS_WEB_IDENTITY_TOKEN_FILE"] = nil
        sources.append(try await next())
        try sandbox.credentials("[other]\n")
        sources.append(try await next())
        try sandbox.config("[default]\naws_access_key_id = AKIACONFIG0000000001\naws_secret_access_key = k\n")
        sources.append(try await next())
        try sandbox.config("")
        sources.append(try await next())
        environment["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"] = nil
        sources.append(try await next())
        #expect(
            sources == [
                "AKIAENVIRONMENT00001", "ASIAASSUMEDROLE00001", "ASIAWEBIDENTITY00001", "AKIACREDFILE00000001",
                "AKIAPROCESS000000001", "AKIACONFIG0000000001", "ASIACONTAINER0000001", "ASIAIMDS000000000001",
            ])
    }

    @Test func nothingFoundListsEverySource() async throws {
        let sandbox = try CredentialSandbox()
        let transport = RecordingTransport.unreachable
        await expectCredentialError(
            .configuration,
            "no AWS credentials found; tried: environment (AWS_ACCESS_KEY_ID not set), "
                + "profile default (no ~/.aws/credentials or ~/.aws/config), "
                + "web identity (AWS_WEB_IDENTITY_TOKEN_FILE not set), "
                + "container (AWS_CONTAINER_CREDENTIALS_* not set), "
                + "instance metadata (no answer from 169.254.169.254 within 1 s)"
        ) {
            _ = try await sandbox.chain(transport: transport).resolve()
        }
        #expect(transport.requests.map(\.url) == ["http://169.254.169.254/latest/api/token"])
        #expect(transport.timeouts == [1])
    }

    @Test func nothingFoundWithEmptyProfileAndDisabledMetadata() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config("[default]\nregion = us-east-1\n")
        let transport = RecordingTransport.unreachable
        await expectCredentialError(
            .configuration,
            "no AWS credentials found; tried: environment (not used with profile), "
                + "profile default (no credentials in ~/.aws/config), "
                + "web identity (AWS_WEB_IDENTITY_TOKEN_FILE not set), "
                + "container (AWS_CONTAINER_CREDENTIALS_* not set), "
                + "instance metadata (AWS_EC2_METADATA_DISABLED=true)"
        ) {
            _ = try await sandbox.chain(
                environment: ["AWS_EC2_METADATA_DISABLED": "TRUE"], profile: "default", transport: transport
            ).resolve()
        }
        #expect(transport.requests.isEmpty)
    }
}
