import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct WebIdentityTests {
    @Test func sendsTheTokenUnsigned() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token", "eyJhbGciOiJSUzI1NiJ9.e30.sig\n")
        let transport = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.webIdentity()
        }
        let found = try await sandbox.chain(
            environment: [
                "AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile, "AWS_ROLE_ARN": "arn:aws:iam::1:role/ci",
                "AWS_ROLE_SESSION_NAME": "gh-123", "AWS_ENDPOINT_URL_STS": "http://127.0.0.1:9",
            ],
            region: "eu-west-1", transport: transport
        ).resolve()
        #expect(found.source == "web identity")
        #expect(found.credentials.accessKeyID == "ASIAWEBIDENTITY00001")
        #expect(found.expiration == 1_700_003_600)
        let request = try #require(transport.requests.first)
        #expect(request.header("Authorization") == nil)
        #expect(request.header("X-Amz-Date") == nil)
        #expect(
            request.formFields == [
                "Action": "AssumeRoleWithWebIdentity", "Version": "2011-06-15", "RoleArn": "arn:aws:iam::1:role/ci",
                "RoleSessionName": "gh-123", "WebIdentityToken": "eyJhbGciOiJSUzI1NiJ9.e30.sig\n",
            ])
        #expect(request.bodyText.hasSuffix("WebIdentityToken=eyJhbGciOiJSUzI1NiJ9.e30.sig%0A"))
    }

    @Test func defaultSessionNameUsesTheClock() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token", "jwt-token")
        let transport = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.webIdentity()
        }
        _ = try await sandbox.chain(
            environment: ["AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile, "AWS_ROLE_ARN": "arn:aws:iam::1:role/ci"],
            transport: transport
        ).resolve()
        #expect(transport.requests.first?.formFields["RoleSessionName"] == "gqlpatch-session-1700000000")
    }

    @Test func profileWebIdentity() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token", "jwt-token")
        try sandbox.config(
            "[profile eks]\nrole_arn = arn:aws:iam::1:role/eks\nweb_identity_token_file = \(tokenFile)\n")
        let transport = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.webIdentity()
        }
        let found = try await sandbox.chain(
            environment: ["AWS_ENDPOINT_URL": "http://localhost:1"], profile: "eks", transport: transport
        ).resolve()
        #expect(found.source == "web identity from profile eks in ~/.aws/config")
        #expect(transport.requests.first?.formFields["RoleArn"] == "arn:aws:iam::1:role/eks")
    }

    @Test func tokenFileWithoutRoleIsAnError() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token", "jwt-token")
        await expectCredentialError(.configuration, "AWS_WEB_IDENTITY_TOKEN_FILE is set but AWS_ROLE_ARN is not") {
            _ = try await sandbox.chain(environment: ["AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile]).resolve()
        }
    }

    @Test func retriesIDPCommunicationErrorThenSurfacesInvalidToken() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token", "jwt-token")
        let environment = [
            "AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile, "AWS_ROLE_ARN": "arn:aws:iam::1:role/ci",
            "AWS_ENDPOINT_URL_STS": "http://localhost:1",
        ]
        let flaky = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.error(400, code: "IDPCommunicationError", message: "try again")
        }
        await expectCredentialError(
            .configuration,
            "STS AssumeRoleWithWebIdentity for arn:aws:iam::1:role/ci failed: HTTP 400 IDPCommunicationError: try again"
        ) {
            _ = try await sandbox.chain(environment: environment, transport: flaky).resolve()
        }
        #expect(flaky.requests.count == 3)
        let invalid = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.error(400, code: "InvalidIdentityToken", message: "No OpenIDConnect provider found")
        }
        await expectCredentialError(
            .unauthorized,
            "STS AssumeRoleWithWebIdentity for arn:aws:iam::1:role/ci failed: HTTP 400 InvalidIdentityToken: No OpenIDConnect provider found"
        ) {
            _ = try await sandbox.chain(environment: environment, transport: invalid).resolve()
        }
        #expect(invalid.requests.count == 1)
    }
}
