import Foundation
import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// The identity pool client: where it sends, what (headers and the JSON 1.1 body, `Logins` for a
/// signed-in user), and what each answer becomes (credentials, or an error with its exit code).
@Suite struct CognitoIdentityClientTests {
    static let pool = "eu-west-1:0c9b691b-8cac-4259-acda-a77c632a4e10"
    static let identity = "eu-west-1:11111111-2222-3333-4444-555555555555"

    static func credentialsAnswer(key: String = "ASIAGUEST0000000001", expiration: Int = 1_796_146_417) -> String {
        #"{"Credentials":{"AccessKeyId":"\#(key)","Expiration":\#(expiration).5,"SecretKey":"SECRETSECRETSECRET","SessionToken":"TOKENTOKENTOKEN"},"IdentityId":"\#(identity)"}"#
    }

    /// Answers GetId and GetCredentialsForIdentity as Cognito does.
    static func service() -> RecordingTransport {
        RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            switch request.header("X-Amz-Target") {
            case "AWSCognitoIdentityService.GetId": return .text(200, #"{"IdentityId":"\#(identity)"}"#)
            case "AWSCognitoIdentityService.GetCredentialsForIdentity": return .text(200, credentialsAnswer())
            default: return .text(400, #"{"__type":"UnknownOperationException"}"#)
            }
        }
    }

    func client(_ transport: RecordingTransport, environment: [String: String] = [:]) throws -> CognitoIdentityClient {
        var client = try CognitoIdentityClient(
            identityPoolID: Self.pool, environment: environment, transport: transport)
        client.retryDelay = 0
        return client
    }

    @Test func guestRequestsAreUnsignedJSONPostsWithoutLogins() async throws {
        let transport = Self.service()
        let client = try client(transport)
        #expect(client.endpoint == "https://cognito-identity.eu-west-1.amazonaws.com/")
        #expect(client.region == "eu-west-1")
        #expect(try await client.getID(logins: [:]) == Self.identity)
        let (credentials, expiration) = try await client.credentials(identityID: Self.identity, logins: [:])
        #expect(credentials.accessKeyID == "ASIAGUEST0000000001")
        #expect(credentials.secretAccessKey == "SECRETSECRETSECRET")
        #expect(credentials.sessionToken == "TOKENTOKENTOKEN")
        #expect(expiration == 1_796_146_417)
        let requests = transport.requests
        #expect(requests.count == 2)
        for request in requests {
            #expect(request.method == "POST")
            #expect(request.url == "https://cognito-identity.eu-west-1.amazonaws.com/")
            #expect(request.header("Content-Type") == "application/x-amz-json-1.1")
            #expect(request.header("Host") == "cognito-identity.eu-west-1.amazonaws.com")
            #expect(request.header("Authorization") == nil)
            #expect(request.secrets.isEmpty)
        }
        #expect(try JSONValue.parse(requests[0].bodyText) == .object(["IdentityPoolId": .string(Self.pool)]))
        #expect(requests[1].header("X-Amz-Target") == "AWSCognitoIdentityService.GetCredentialsForIdentity")
        #expect(try JSONValue.parse(requests[1].bodyText) == .object(["IdentityId": .string(Self.identity)]))
    }

    @Test func signedInRequestsCarryTheLoginsMapAndRegisterTheToken() async throws {
        let transport = Self.service()
        let client = try client(transport)
        let key = CognitoIdentityClient.loginsKey(userPoolID: "eu-west-1_AbC123")
        #expect(key == "cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123")
        let token = "eyJraWQiOiJ4In0.eyJzdWIiOiJ1In0.c2lnbmF0dXJl"
        _ = try await client.getID(logins: [key: token])
        _ = try await client.credentials(identityID: Self.identity, logins: [key: token])
        let expectedLogins: JSONValue = .object([key: .string(token)])
        let bodies = try transport.requests.map { try JSONValue.parse($0.bodyText) }
        #expect(bodies[0] == .object(["IdentityPoolId": .string(Self.pool), "Logins": expectedLogins]))
        #expect(bodies[1] == .object(["IdentityId": .string(Self.identity), "Logins": expectedLogins]))
        #expect(transport.requests.allSatisfy { $0.secrets == [token] })
    }

    @Test func chinaRegionsUseTheirOwnDomain() throws {
        let client = try CognitoIdentityClient(
            identityPoolID: "cn-north-1:0e4f7c1a-1111", environment: [:], transport: Self.service())
        #expect(client.endpoint == "https://cognito-identity.cn-north-1.amazonaws.com.cn/")
    }

    @Test func theEndpointFollowsTheAWSConvention() throws {
        let service = "http://127.0.0.1:9/service"
        let global = "http://127.0.0.1:9/global"
        #expect(
            try client(
                Self.service(),
                environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": service, "AWS_ENDPOINT_URL": global]
            ).endpoint == service)
        #expect(try client(Self.service(), environment: ["AWS_ENDPOINT_URL": global]).endpoint == global)
        let ignored = try client(
            Self.service(),
            environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": service, "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "true"])
        #expect(ignored.endpoint == "https://cognito-identity.eu-west-1.amazonaws.com/")
        #expect(
            try client(Self.service(), environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": ""]).endpoint.hasPrefix(
                "https://"))
    }

    @Test func plainHTTPToAnotherHostIsFlagged() throws {
        for (url, clear) in [
            ("http://cognito.example.com/", true), ("http://10.0.0.1:8080/", true), ("http://127.0.0.1:8080/", false),
            ("http://localhost/", false), ("http://[::1]:80/", false), ("https://cognito.example.com/", false),
        ] {
            let client = try client(Self.service(), environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": url])
            #expect(client.sendsInClear == clear, "\(url)")
        }
    }

    @Test func badPoolIDsAndEndpointsAreConfigurationErrors() async {
        for id in ["", "us-east-1", "us-east-1:", ":abc", "US-EAST-1:abc", "us east 1:abc", "us-east-1:a/b"] {
            await expectCredentialError(.configuration, CognitoIdentityClient.badPoolIDMessage(id)) {
                _ = try CognitoIdentityClient(identityPoolID: id, environment: [:], transport: Self.service())
            }
        }
        await expectCredentialError(
            .configuration,
            "the Cognito identity endpoint 'ftp://x/' (AWS_ENDPOINT_URL_COGNITO_IDENTITY) is not an http or https URL"
        ) {
            _ = try CognitoIdentityClient(
                identityPoolID: Self.pool, environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": "ftp://x/"],
                transport: Self.service())
        }
    }

    /// A transport answering every request with `status` and `body`.
    static func answering(_ status: Int, _ body: String) -> RecordingTransport {
        RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in .text(status, body) }
    }

    @Test func guestAccessRefusedSaysHowToEnableIt() async throws {
        let transport = Self.answering(
            400,
            #"{"__type":"NotAuthorizedException","message":"Unauthenticated access is not supported for this identity pool."}"#
        )
        let error = await expectCredentialError(
            .unauthorized,
            "Cognito GetId for identity pool \(Self.pool) failed: HTTP 400 NotAuthorizedException: Unauthenticated access is not supported for this identity pool.; enable guest (unauthenticated) access on the identity pool",
            prefix: true
        ) { _ = try await client(transport).getID(logins: [:]) }
        #expect(error?.message.contains("allowUnauthenticatedIdentities = true") == true)
        #expect(transport.requests.count == 1, "a refusal is not retried")
    }

    @Test func aMissingPoolIsConfiguration() async throws {
        let transport = Self.answering(
            400, #"{"__type":"com.amazonaws#ResourceNotFoundException","message":"IdentityPool 'x' not found."}"#)
        await expectCredentialError(
            .configuration,
            "Cognito GetId for identity pool \(Self.pool) failed: HTTP 400 ResourceNotFoundException: IdentityPool 'x' not found.; check the identity pool id and its region"
        ) { _ = try await client(transport).getID(logins: [:]) }
        #expect(transport.requests.count == 1)
    }

    @Test func throttlingAndServerErrorsAreRetriedThreeTimesInAll() async throws {
        for (status, body, code) in [
            (400, #"{"__type":"TooManyRequestsException","message":"Rate exceeded"}"#, ExitCode.throttled),
            (500, #"{"__type":"InternalErrorException","message":"oops"}"#, .unavailable),
            (503, "<html>busy</html>", .unavailable),
        ] {
            let transport = Self.answering(status, body)
            await expectCredentialError(
                code, "Cognito GetCredentialsForIdentity for identity pool \(Self.pool) failed: HTTP \(status)",
                prefix: true
            ) {
                _ = try await client(transport).credentials(identityID: Self.identity, logins: [:])
            }
            #expect(transport.requests.count == 3, "\(status) \(body)")
        }
    }

    @Test func aRetryThatSucceedsGivesTheCredentials() async throws {
        let calls = RequestLog()
        let transport = RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            calls.append(request, timeout: 0)
            if calls.requests.count == 1 { throw GQLPatchError(.unavailable, "connection refused") }
            if calls.requests.count == 2 { return .text(502, "bad gateway") }
            return .text(200, Self.credentialsAnswer())
        }
        let (credentials, _) = try await client(transport).credentials(identityID: Self.identity, logins: [:])
        #expect(credentials.accessKeyID == "ASIAGUEST0000000001")
        #expect(transport.requests.count == 3)
    }

    @Test func unreachableAfterThreeAttemptsIs69() async throws {
        let transport = RecordingTransport.unreachable
        await expectCredentialError(
            .unavailable,
            "Cognito GetId for identity pool \(Self.pool) failed: request to https://cognito-identity.eu-west-1.amazonaws.com/ timed out after 1 s"
        ) { _ = try await client(transport).getID(logins: [:]) }
        #expect(transport.requests.count == 3)
    }

    @Test func otherAnswersAreBadResponsesOrRefusals() async throws {
        await expectCredentialError(
            .badResponse, "Cognito GetId for identity pool \(Self.pool) failed: the answer is not JSON (1:1)"
        ) { _ = try await client(Self.answering(200, "<html>")).getID(logins: [:]) }
        await expectCredentialError(.unauthorized, "Cognito GetId for identity pool \(Self.pool) failed: HTTP 403") {
            _ = try await client(Self.answering(403, "")).getID(logins: [:])
        }
        await expectCredentialError(.badResponse, "Cognito GetId for identity pool \(Self.pool) failed: HTTP 404") {
            _ = try await client(Self.answering(404, "not here")).getID(logins: [:])
        }
        await expectCredentialError(
            .configuration,
            "Cognito GetId for identity pool \(Self.pool) failed: HTTP 400 InvalidParameterException: bad"
        ) {
            _ = try await client(Self.answering(400, #"{"__type":"InvalidParameterException","message":"bad"}"#))
                .getID(logins: [:])
        }
    }
}
