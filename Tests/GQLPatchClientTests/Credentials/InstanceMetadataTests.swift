import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct InstanceMetadataTests {
    static let credentials =
        #"{"Code":"Success","LastUpdated":"2023-11-14T21:00:00Z","Type":"AWS-HMAC","AccessKeyId":"ASIAIMDS000000000001","SecretAccessKey":"imdsSecret","Token":"imdsToken","Expiration":"2023-11-15T04:13:20Z"}"#

    static func imds(
        token: HTTPResponse = .text(200, "AQAEAtoken=="), role: HTTPResponse = .text(200, "ec2-role\n"),
        credentials: HTTPResponse = .text(200, InstanceMetadataTests.credentials)
    ) -> RecordingTransport {
        RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            if request.url.hasSuffix("/latest/api/token") { return token }
            if request.url.hasSuffix("/security-credentials/") { return role }
            return credentials
        }
    }

    @Test func imdsV2Sequence() async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.imds()
        let found = try await sandbox.chain(
            environment: ["AWS_EC2_METADATA_SERVICE_ENDPOINT": "http://127.0.0.1:1338/"], transport: transport
        ).resolve()
        #expect(
            found.credentials
                == SigV4Credentials(
                    accessKeyID: "ASIAIMDS000000000001", secretAccessKey: "imdsSecret", sessionToken: "imdsToken"))
        #expect(found.source == "instance metadata (IMDSv2)")
        #expect(found.expiration == 1_700_021_600)
        let requests = transport.requests
        #expect(
            requests.map { "\($0.method) \($0.url)" } == [
                "PUT http://127.0.0.1:1338/latest/api/token",
                "GET http://127.0.0.1:1338/latest/meta-data/iam/security-credentials/",
                "GET http://127.0.0.1:1338/latest/meta-data/iam/security-credentials/ec2-role",
            ])
        #expect(requests[0].header("X-aws-ec2-metadata-token-ttl-seconds") == "21600")
        #expect(requests[0].header("X-aws-ec2-metadata-token") == nil)
        #expect(requests[1].header("X-aws-ec2-metadata-token") == "AQAEAtoken==")
        #expect(requests[2].header("X-aws-ec2-metadata-token") == "AQAEAtoken==")
        #expect(transport.timeouts == [1, 1, 1])
    }

    @Test(arguments: [403, 404, 405])
    func tokenRefusalFallsBackToIMDSv1(status: Int) async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.imds(token: .text(status, ""))
        let found = try await sandbox.chain(transport: transport).resolve()
        #expect(found.source == "instance metadata (IMDSv1)")
        #expect(transport.requests.count == 3)
        #expect(transport.requests.dropFirst().allSatisfy { $0.header("X-aws-ec2-metadata-token") == nil })
    }

    @Test(arguments: [
        ([String: String](), InstanceMetadataTests.imds(token: .text(400, "")), "token request refused with HTTP 400"),
        (
            ["AWS_EC2_METADATA_V1_DISABLED": "true"], InstanceMetadataTests.imds(token: .text(404, "")),
            "no IMDSv2 token (HTTP 404) and IMDSv1 is disabled"
        ),
        ([:], InstanceMetadataTests.imds(role: .text(404, "")), "no IAM role attached to the instance"),
        (
            [:],
            InstanceMetadataTests.imds(
                credentials: .text(200, #"{"Code":"AssumeRoleUnauthorizedAccess","Message":"denied"}"#)),
            "no credentials for role ec2-role: the reply has no AccessKeyId"
        ),
    ])
    func fallsThroughWithAReason(environment: [String: String], transport: RecordingTransport, reason: String)
        async throws
    {
        let sandbox = try CredentialSandbox()
        await expectCredentialError(.configuration, "instance metadata (\(reason))", prefix: false) {
            do {
                _ = try await sandbox.chain(environment: environment, transport: transport).resolve()
            } catch let error as GQLPatchError {
                // Keep only the instance-metadata part of the nothing-found message.
                let part = error.message.components(separatedBy: ", ").last ?? ""
                throw GQLPatchError(error.code, part)
            }
        }
    }

    @Test func disabledMakesNoRequest() async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.imds()
        await expectCredentialError(.configuration, "no AWS credentials found; tried: ", prefix: true) {
            _ = try await sandbox.chain(environment: ["AWS_EC2_METADATA_DISABLED": "true"], transport: transport)
                .resolve()
        }
        #expect(transport.requests.isEmpty)
    }
}
