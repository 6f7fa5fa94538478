import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import HTTP

/// The real-time endpoint's address and messages, as the AppSync developer guide ("Building a
/// real-time WebSocket client") and ../shared/reference/appsync.md §4 give them.
@Suite struct RealtimeProtocolTests {
    @Test(arguments: [
        (
            "https://abc123.appsync-api.eu-west-1.amazonaws.com/graphql",
            "wss://abc123.appsync-realtime-api.eu-west-1.amazonaws.com/graphql"
        ),
        ("https://api.example.com/graphql", "wss://api.example.com/graphql/realtime"),
        ("http://127.0.0.1:8080/graphql", "ws://127.0.0.1:8080/graphql/realtime"),
        ("https://api.example.com/graphql?x=1", "wss://api.example.com/graphql/realtime"),
    ])
    func endpointDerivedFromTheGraphQLOne(graphQL: String, realtime: String) throws {
        let url = try #require(RealtimeEndpoint.derive(from: graphQL))
        #expect(RealtimeEndpoint.shown(url) == realtime)
    }

    @Test func endpointGivenByTheUser() throws {
        let url = try #require(RealtimeEndpoint.given("wss://rt.example.com/graphql"))
        #expect(url.scheme == "https", "wss is TLS, port 443")
        #expect(RealtimeEndpoint.shown(url) == "wss://rt.example.com/graphql")
        #expect(RealtimeEndpoint.given("ftp://x/graphql") == nil)
        #expect(RealtimeEndpoint.derive(from: "not a url") == nil)
    }

    @Test func connectURLCarriesTheHeaderAndPayloadEncodedForAQuery() throws {
        let url = try #require(RealtimeEndpoint.derive(from: "https://api.example.com/graphql"))
        let connect = RealtimeEndpoint.connectURL(url, header: "ab+/c=", payload: "e30=")
        #expect(connect.query == "header=ab%2B%2Fc%3D&payload=e30%3D")
    }

    @Test func messagesTheServiceSends() {
        #expect(
            RealtimeMessage.decode(#"{"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}"#)
                == .connectionAck(timeoutMilliseconds: 300_000))
        #expect(RealtimeMessage.decode(#"{"type":"ka"}"#) == .keepAlive)
        #expect(RealtimeMessage.decode(#"{"type":"start_ack","id":"u"}"#) == .startAck(id: "u"))
        #expect(
            RealtimeMessage.decode(#"{"type":"data","id":"u","payload":{"data":{"onUpdateItem":{"id":"1"}}}}"#)
                == .data(id: "u", payload: ["data": ["onUpdateItem": ["id": "1"]]]))
        #expect(RealtimeMessage.decode(#"{"type":"complete","id":"u"}"#) == .complete(id: "u"))
        // The realtime client's published rate-limit error (appsync.md §3.7).
        #expect(
            RealtimeMessage.decode(
                #"{"type":"error","id":"u","payload":{"errors":[{"errorType":"LimitExceededError","message":"Rate limit exceeded"}]}}"#
            ) == .error(id: "u", errors: [["errorType": "LimitExceededError", "message": "Rate limit exceeded"]]))
        #expect(RealtimeMessage.decode(#"{"type":"something_new"}"#) == .other(type: "something_new"))
        #expect(RealtimeMessage.decode("[1]") == nil)
        #expect(RealtimeMessage.decode(#"{"type":"data"}"#) == nil, "data without an id is not an event")
    }

    @Test func problemsSayWhetherAReconnectCanHelp() {
        #expect(RealtimeProblem.closed.reconnects)
        #expect(RealtimeProblem.keepAliveMissed(milliseconds: 1000).reconnects)
        #expect(!RealtimeProblem.refused(errors: [], status: 401).reconnects)
        #expect(!RealtimeProblem.subscriptionRefused(errors: []).reconnects)
        #expect(
            RealtimeProblem.refused(errors: [["errorType": "UnauthorizedException", "message": "no"]], status: nil)
                .summary == "the real-time endpoint refused the connection: UnauthorizedException: no")
    }

    /// The authorization object: `host` and the authorizer's headers; for IAM the signed content
    /// headers too.
    @Test func authorizationObjects() async throws {
        let graphQL = try #require(AWSEndpointURL("https://abc.appsync-api.us-east-1.amazonaws.com/graphql"))
        let (key, keySecrets) = try await RealtimeConnection.authorization(
            .apiKey("da2-secret"), graphQL: graphQL, path: "/graphql/connect", body: "{}")
        #expect(key == JSONObject([("host", "abc.appsync-api.us-east-1.amazonaws.com"), ("x-api-key", "da2-secret")]))
        #expect(keySecrets == ["da2-secret"])
        let (token, _) = try await RealtimeConnection.authorization(
            .token("eyJ.tok"), graphQL: graphQL, path: "/graphql", body: "{}")
        #expect(
            token == JSONObject([("host", "abc.appsync-api.us-east-1.amazonaws.com"), ("Authorization", "eyJ.tok")]))
    }
}
