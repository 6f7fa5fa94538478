import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct ContainerCredentialTests {
    static let reply =
        #"{"RoleArn":"arn:aws:iam::1:role/task","AccessKeyId":"ASIACONTAINER0000001","SecretAccessKey":"containerSecret","Token":"containerToken","Expiration":"2023-11-14T23:13:20Z"}"#

    static func answering(_ responses: [HTTPResponse]) -> RecordingTransport {
        let count = RequestLog()
        return RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            count.append(request, timeout: 0)
            let index = min(count.requests.count - 1, responses.count - 1)
            return responses[index]
        }
    }

    @Test func relativeURI() async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.answering([.text(200, Self.reply)])
        let found = try await sandbox.chain(
            environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/v2/credentials/uuid"], transport: transport
        ).resolve()
        #expect(
            found.credentials
                == SigV4Credentials(
                    accessKeyID: "ASIACONTAINER0000001", secretAccessKey: "containerSecret",
                    sessionToken: "containerToken"))
        #expect(found.source == "container")
        #expect(found.expiration == 1_700_003_600)
        let request = try #require(transport.requests.first)
        #expect(request.url == "http://169.254.170.2/v2/credentials/uuid")
        #expect(request.method == "GET")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("Authorization") == nil)
        #expect(transport.timeouts == [2])
    }

    @Test func fullURIWithTokenFileBeatingTheTokenVariable() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("eks-token", "from-file")
        let transport = Self.answering([.text(200, Self.reply)])
        _ = try await sandbox.chain(
            environment: [
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://127.0.0.1:8080/v1/credentials",
                "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": tokenFile,
                "AWS_CONTAINER_AUTHORIZATION_TOKEN": "from-variable",
            ],
            transport: transport
        ).resolve()
        #expect(transport.requests.first?.url == "http://127.0.0.1:8080/v1/credentials")
        #expect(transport.requests.first?.header("Authorization") == "from-file")

        let second = Self.answering([.text(200, Self.reply)])
        _ = try await sandbox.chain(
            environment: [
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://169.254.170.23/v1/credentials",
                "AWS_CONTAINER_AUTHORIZATION_TOKEN": "from-variable",
            ],
            transport: second
        ).resolve()
        #expect(second.requests.first?.header("Authorization") == "from-variable")
    }

    @Test(arguments: [
        ("http://localhost/creds", true), ("http://[::1]:9/creds", true), ("http://127.1.2.3/creds", true),
        ("http://[fd00:ec2::23]/creds", true), ("https://creds.example.com/creds", true),
        ("http://example.com/creds", false), ("http://169.254.169.254/creds", false),
        ("http://127.0.0.1.evil.com/", false),
    ])
    func fullURIHostRules(url: String, allowed: Bool) async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.answering([.text(200, Self.reply)])
        let chain = sandbox.chain(environment: ["AWS_CONTAINER_CREDENTIALS_FULL_URI": url], transport: transport)
        if allowed {
            #expect(try await chain.resolve().source == "container")
        } else {
            await expectCredentialError(.configuration, "AWS_CONTAINER_CREDENTIALS_FULL_URI names host ", prefix: true)
            {
                _ = try await chain.resolve()
            }
            #expect(transport.requests.isEmpty)
        }
    }

    @Test func tokenWithALineBreakIsAnError() async throws {
        let sandbox = try CredentialSandbox()
        let tokenFile = try sandbox.write("token", "abc\n")
        await expectCredentialError(
            .configuration,
            "the container authorization token holds a line feed (LF) at byte 4, which cannot be sent in an HTTP header"
        ) {
            _ = try await sandbox.chain(environment: [
                "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x", "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": tokenFile,
            ]).resolve()
        }
    }

    @Test func retriesThenSucceeds() async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.answering([.text(500, "busy"), .text(500, "busy"), .text(200, Self.reply)])
        let found = try await sandbox.chain(
            environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x"], transport: transport
        ).resolve()
        #expect(found.source == "container")
        #expect(transport.requests.count == 3)
    }

    @Test func threeFailuresStopTheChain() async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.answering([.text(500, "busy")])
        await expectCredentialError(
            .unavailable, "container credentials from 169.254.170.2 failed after 3 attempts: HTTP 500"
        ) {
            _ = try await sandbox.chain(
                environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x"], transport: transport
            ).resolve()
        }
        // IMDS is not tried after a broken container source.
        #expect(transport.requests.count == 3)
    }

    @Test func missingTokenFieldIsAnError() async throws {
        let sandbox = try CredentialSandbox()
        let transport = Self.answering([
            .text(200, #"{"AccessKeyId":"a","SecretAccessKey":"b","Expiration":"2023-11-14T23:13:20Z"}"#)
        ])
        await expectCredentialError(
            .unavailable, "container credentials from 169.254.170.2 failed after 3 attempts: the reply has no Token"
        ) {
            _ = try await sandbox.chain(
                environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x"], transport: transport
            ).resolve()
        }
    }
}
