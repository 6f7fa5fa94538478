import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// Secret keys and session tokens never reach a message, a description or debug output.
@Suite struct SecretRedactionTests {
    static let keyID = "AKIAIOSFODNN7EXAMPLE"
    static let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY"
    static let token = "FwoGZXIvYXdzEXAMPLEsessionTOKENvalue0123456789"

    static func shown(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped]
    }

    @Test func descriptionsHideSecrets() throws {
        let credentials = SigV4Credentials(
            accessKeyID: Self.keyID, secretAccessKey: Self.secret, sessionToken: Self.token)
        let resolved = ResolvedCredentials(credentials: credentials, source: "environment", expiration: 1)
        let sandbox = try CredentialSandbox()
        let chain = sandbox.chain(environment: [
            "AWS_ACCESS_KEY_ID": Self.keyID, "AWS_SECRET_ACCESS_KEY": Self.secret, "AWS_SESSION_TOKEN": Self.token,
        ])
        let file = try AWSConfigFile.parse(
            Array("[default]\naws_secret_access_key = \(Self.secret)\n".utf8), path: "c", kind: .credentials)
        let values: [Any] = [
            resolved, IAMSigner(resolved, region: "us-east-1"), chain, file,
            AWSSharedConfig(
                configFile: file, credentialsFile: nil, configDisplayPath: "c", credentialsDisplayPath: "d"),
        ]
        for value in values {
            for text in Self.shown(value) {
                #expect(!text.contains(Self.secret), "\(text)")
                #expect(!text.contains(Self.token), "\(text)")
                #expect(!text.contains(Self.keyID), "\(text)")
            }
        }
        #expect(
            resolved.description
                == "ResolvedCredentials(accessKeyID: AKIA…MPLE, sessionToken: <redacted>, source: environment, expiration: 1)"
        )
        #expect(
            IAMSigner(resolved, region: "us-east-1").description
                == "IAMSigner(accessKeyID: AKIA…MPLE, region: us-east-1)")
    }

    @Test func errorMessagesHideSecrets() async throws {
        let sandbox = try CredentialSandbox()
        var messages: [String] = []
        func collect(_ chain: AWSCredentialChain) async {
            do {
                _ = try await chain.resolve()
                Issue.record("expected an error")
            } catch {
                messages.append(error.message)
            }
        }
        try sandbox.credentials("[dev]\naws_access_key_id = \(Self.keyID)\n")
        await collect(sandbox.chain(profile: "dev"))
        try sandbox.credentials("[dev]\naws_access_key_id \(Self.keyID) \(Self.secret)\n")
        await collect(sandbox.chain(profile: "dev"))
        try sandbox.credentials(
            "[dev]\ncredential_process = printf '{\"Version\": 2, \"AccessKeyId\": \"\(Self.keyID)\", \"SecretAccessKey\": \"\(Self.secret)\", \"SessionToken\": \"\(Self.token)\"}'\n"
        )
        await collect(sandbox.chain(profile: "dev"))
        try sandbox.credentials(
            "[dev]\ncredential_process = printf '{\"Version\": 1, \"AccessKeyId\": \"\(Self.keyID)\", \"SecretAccessKey\": \"\(Self.secret)\", '\n"
        )
        await collect(sandbox.chain(profile: "dev"))
        await collect(sandbox.chain(environment: ["AWS_ACCESS_KEY_ID": Self.keyID]))
        try sandbox.credentials("[dev]\n")
        try sandbox.config("[profile dev]\nrole_arn = arn:aws:iam::1:role/r\ncredential_source = Environment\n")
        let denied = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.error(
                403, code: "InvalidClientTokenId", message: "The security token included in the request is invalid.")
        }
        await collect(
            sandbox.chain(
                environment: [
                    "AWS_ACCESS_KEY_ID": Self.keyID, "AWS_SECRET_ACCESS_KEY": Self.secret,
                    "AWS_SESSION_TOKEN": Self.token, "AWS_PROFILE": "dev",
                ], profile: "dev", transport: denied))
        let containerToken = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            .text(
                200,
                "{\"AccessKeyId\":\"\(Self.keyID)\",\"SecretAccessKey\":\"\(Self.secret)\",\"Token\":\"\(Self.token)\"}"
            )
        }
        await collect(
            sandbox.chain(
                environment: [
                    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x",
                    "AWS_CONTAINER_AUTHORIZATION_TOKEN": Self.token + "\n",
                ], transport: containerToken))
        await collect(
            sandbox.chain(environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x"], transport: containerToken))
        #expect(messages.count == 8)
        for message in messages {
            #expect(!message.contains(Self.secret), "\(message)")
            #expect(!message.contains(Self.token), "\(message)")
            #expect(!message.contains(Self.keyID), "\(message)")
        }
    }
}
