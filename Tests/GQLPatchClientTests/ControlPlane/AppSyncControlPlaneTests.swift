import AWSSigning
import Foundation
import GQLPatchClient
import GQLPatchSupport
import GQLPatchTestSupport
import HTTP
import JSON
import Testing

/// The control-plane client against a scripted server: where it asks (the variables as the AWS SDKs
/// read them), what it signs, what it tries again, and how each answer the service documents is read.
@Suite struct AppSyncControlPlaneTests {
    static let credentials = SigV4Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "secret")
    static let api =
        #"{"graphqlApi": {"apiId": "abc", "name": "shop", "apiType": "GRAPHQL", "authenticationType": "AMAZON_COGNITO_USER_POOLS", "userPoolConfig": {"userPoolId": "us-east-1_P", "awsRegion": "us-east-1"}, "additionalAuthenticationProviders": [{"authenticationType": "AWS_IAM"}], "uris": {"GRAPHQL": "https://abc.appsync-api.us-east-1.amazonaws.com/graphql", "REALTIME": "wss://abc.appsync-realtime-api.us-east-1.amazonaws.com/graphql"}}}"#

    static func plane(_ transport: RecordingTransport) throws(GQLPatchError) -> AppSyncControlPlane {
        let endpoint = try ControlPlaneEndpoint.resolve(region: "us-east-1", environment: [:])
        return AppSyncControlPlane(
            transport: transport,
            authorizer: .iam(
                cache: CredentialCache(source: FixedCredentials()),
                region: "us-east-1"),
            region: "us-east-1", endpoint: endpoint, timeout: 5)
    }

    @Test func theEndpointIsTheServiceVariableThenTheGlobalOneThenTheRegionsHost() throws {
        #expect(
            try ControlPlaneEndpoint.resolve(region: "eu-west-1", environment: [:])
                == ControlPlaneEndpoint(url: "https://appsync.eu-west-1.amazonaws.com", origin: "the region"))
        #expect(
            try ControlPlaneEndpoint.resolve(region: "cn-north-1", environment: [:]).url
                == "https://appsync.cn-north-1.amazonaws.com.cn")
        let both = ["AWS_ENDPOINT_URL_APPSYNC": "http://127.0.0.1:1/", "AWS_ENDPOINT_URL": "http://127.0.0.1:2"]
        #expect(
            try ControlPlaneEndpoint.resolve(region: "eu-west-1", environment: both)
                == ControlPlaneEndpoint(url: "http://127.0.0.1:1", origin: "AWS_ENDPOINT_URL_APPSYNC"))
        #expect(
            try ControlPlaneEndpoint.resolve(region: "eu-west-1", environment: ["AWS_ENDPOINT_URL": "http://h:2"])
                .origin
                == "AWS_ENDPOINT_URL")
        var ignored = both
        ignored["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"] = "true"
        #expect(try ControlPlaneEndpoint.resolve(region: "eu-west-1", environment: ignored).origin == "the region")
        #expect(throws: GQLPatchError.self) {
            try ControlPlaneEndpoint.resolve(region: "eu-west-1", environment: ["AWS_ENDPOINT_URL": "ftp://h"])
        }
        do throws(GQLPatchError) {
            _ = try ControlPlaneEndpoint.resolve(
                region: "eu-west-1", environment: ["AWS_ENDPOINT_URL_APPSYNC": "https://u:p@h"])
            Issue.record("a URL with a password was taken")
        } catch {
            #expect(error.code == .configuration)
            #expect(error.message.hasPrefix("AWS_ENDPOINT_URL_APPSYNC 'https://"), "\(error.message)")
            #expect(!error.message.contains("u:p@"))
        }
    }

    @Test func describeSignsAGetAndReadsTheAnswer() async throws {
        let transport = RecordingTransport { _ in HTTPResponse(status: 200, body: Array(Self.api.utf8)) }
        let api = try await Self.plane(transport).describe(apiID: "abc")
        #expect(api.graphQL == "https://abc.appsync-api.us-east-1.amazonaws.com/graphql")
        #expect(api.realtime == "wss://abc.appsync-realtime-api.us-east-1.amazonaws.com/graphql")
        #expect(api.authMode == .userPool)
        #expect(api.userPoolID == "us-east-1_P")
        #expect(api.additionalAuthenticationTypes == ["AWS_IAM"])
        #expect(GraphQLAPIDescription(cached: api.json) == api)
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.url == "https://appsync.us-east-1.amazonaws.com/v1/apis/abc")
        let authorization = request.headers.first { $0.name == "Authorization" }?.value ?? ""
        #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"))
        #expect(authorization.contains("/us-east-1/appsync/aws4_request"))
    }

    @Test func anAnswerAboutAnotherAPIIsRefused() async throws {
        let other = Self.api.replacingOccurrences(of: #""apiId": "abc""#, with: #""apiId": "xyz""#)
        let transport = RecordingTransport { _ in HTTPResponse(status: 200, body: Array(other.utf8)) }
        do throws(GQLPatchError) {
            _ = try await Self.plane(transport).describe(apiID: "abc")
            Issue.record("another API's answer was taken")
        } catch {
            #expect(error.code == .badResponse)
            #expect(error.message.hasPrefix("GetGraphqlApi's answer for API abc is about another API (xyz)"))
        }
    }

    @Test func theSchemaIsTheRawBodyAndJSONIsRefused() async throws {
        let sdl = RecordingTransport { _ in HTTPResponse(status: 200, body: Array("type Query { a: Int }\n".utf8)) }
        #expect(try await Self.plane(sdl).schema(apiID: "abc") == Array("type Query { a: Int }\n".utf8))
        #expect(
            sdl.requests.first?.url
                == "https://appsync.us-east-1.amazonaws.com/v1/apis/abc/schema?format=SDL&includeDirectives=true")
        let json = RecordingTransport { _ in HTTPResponse(status: 200, body: Array(#"{"schema": 1}"#.utf8)) }
        await #expect(throws: GQLPatchError.self) { try await Self.plane(json).schema(apiID: "abc") }
    }

    @Test func throttlingIsTriedAgainAndRefusalsAreNot() async throws {
        let count = LockedValue(0)
        let throttledOnce = RecordingTransport { _ in
            count.withValue { $0 += 1 }
            return count.current == 1
                ? HTTPResponse(
                    status: 429, headers: ["x-amzn-ErrorType": "TooManyRequestsException"],
                    body: Array(#"{"message": "Rate exceeded"}"#.utf8))
                : HTTPResponse(status: 200, body: Array(Self.api.utf8))
        }
        _ = try await Self.plane(throttledOnce).describe(apiID: "abc")
        #expect(throttledOnce.requests.count == 2)
        let refused = RecordingTransport { _ in
            HTTPResponse(
                status: 404, headers: ["x-amzn-ErrorType": "NotFoundException:http://internal.amazon.com/coral/"],
                body: Array(#"{"message": "GraphQL API abc not found."}"#.utf8))
        }
        do throws(GQLPatchError) {
            _ = try await Self.plane(refused).describe(apiID: "abc")
            Issue.record("a 404 was taken")
        } catch {
            #expect(refused.requests.count == 1)
            #expect(error.code == .configuration)
            #expect(
                error.message.hasPrefix(
                    "no GraphQL API abc in region us-east-1 (GetGraphqlApi at https://appsync.us-east-1.amazonaws.com answered NotFoundException: GraphQL API abc not found.)"
                ), "\(error.message)")
        }
    }

    @Test(arguments: [
        (401, "UnauthorizedException", ExitCode.unauthorized), (403, "AccessDeniedException", .unauthorized),
        (403, "InvalidSignatureException", .unauthorized), (400, "GraphQLSchemaException", .configuration),
        (400, "BadRequestException", .badResponse), (500, "InternalFailureException", .unavailable),
        (429, "TooManyRequestsException", .throttled),
    ])
    func eachFailureHasItsExitCode(_ status: Int, _ type: String, _ code: ExitCode) {
        let failure = ControlPlaneFailure(
            response: HTTPResponse(status: status, body: Array(#"{"__type": "\#(type)", "message": "m"}"#.utf8)))
        #expect(failure.errorType == type)
        let endpoint = ControlPlaneEndpoint(url: "https://appsync.us-east-1.amazonaws.com", origin: "the region")
        #expect(
            failure.error(operation: "GetGraphqlApi", apiID: "abc", region: "us-east-1", endpoint: endpoint).code
                == code)
    }
}

/// Credentials that never change, for signing.
private struct FixedCredentials: CredentialSource {
    func resolve() async throws(GQLPatchError) -> ResolvedCredentials {
        ResolvedCredentials(credentials: AppSyncControlPlaneTests.credentials, source: "test")
    }
    func currentTime() -> Int { Int(Date().timeIntervalSince1970) }
}
