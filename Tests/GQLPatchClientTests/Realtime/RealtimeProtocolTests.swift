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

    /// The hosts the service and its clients use: AWS's own rewritten, everything else a custom
    /// domain (amplify-js's `appsyncUrl.ts` pattern covers China and GovCloud; a private API's
    /// VPC-endpoint host is not a public AppSync host).
    @Test(arguments: [
        (
            "https://abcdefghijklmnopqrstuvwxyz.appsync-api.us-east-1.amazonaws.com/graphql",
            "wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.us-east-1.amazonaws.com/graphql"
        ),
        (
            "https://abc123.appsync-api.cn-north-1.amazonaws.com.cn/graphql",
            "wss://abc123.appsync-realtime-api.cn-north-1.amazonaws.com.cn/graphql"
        ),
        (
            "https://abc123.appsync-api.us-gov-west-1.amazonaws.com/graphql",
            "wss://abc123.appsync-realtime-api.us-gov-west-1.amazonaws.com/graphql"
        ),
        (
            "https://abc123-vpce-0123456789abcdef0.appsync-api.us-east-1.vpce.amazonaws.com/graphql",
            "wss://abc123-vpce-0123456789abcdef0.appsync-api.us-east-1.vpce.amazonaws.com/graphql/realtime"
        ),
        ("https://appsync-api.example.com/graphql", "wss://appsync-api.example.com/graphql/realtime"),
        ("https://x.appsync-api.example.com/graphql", "wss://x.appsync-api.example.com/graphql/realtime"),
    ])
    func endpointsOfEveryKindOfHost(graphQL: String, realtime: String) throws {
        let url = try #require(RealtimeEndpoint.derive(from: graphQL))
        #expect(RealtimeEndpoint.shown(url) == realtime)
    }

    /// The connect's credentials travel as a `header-` subprotocol in base64url without padding
    /// (amplify-js#13727), never in the URL.
    @Test func headerSubprotocolIsBase64URLWithoutPadding() throws {
        // "{\"a\":\"??>\"}" holds bytes whose base64 has '+', '/' and padding.
        let json = #"{"a":"??>"}"#
        let subprotocol = RealtimeEndpoint.headerSubprotocol(json)
        #expect(subprotocol == "header-eyJhIjoiPz8-In0")
        #expect(!subprotocol.contains("=") && !subprotocol.contains("/") && !subprotocol.contains("+"))
    }

    /// `errors` as a list, as one object (the service's rate-limit and quota frames), or an older
    /// API's `errorType` directly in `payload`.
    @Test func errorsInEveryShapeTheServiceSends() {
        let limit: JSONValue = ["errorType": "LimitExceededError", "message": "Rate limit exceeded"]
        #expect(
            RealtimeMessage.decode(
                #"{"type":"error","payload":{"errors":{"errorType":"LimitExceededError","message":"Rate limit exceeded"}}}"#
            ) == .error(id: nil, errors: [limit]))
        #expect(
            RealtimeMessage.decode(
                #"{"id":"u","type":"error","payload":{"errors":{"errorType":"MaxSubscriptionsReachedError","message":"Max number of 100 subscriptions reached"}}}"#
            )
                == .error(
                    id: "u",
                    errors: [
                        [
                            "errorType": "MaxSubscriptionsReachedError",
                            "message": "Max number of 100 subscriptions reached",
                        ]
                    ]))
        #expect(
            RealtimeMessage.decode(
                #"{"id":"u","type":"error","payload":{"errorType":"MaxSubscriptionsReachedException"}}"#)
                == .error(id: "u", errors: [["errorType": "MaxSubscriptionsReachedException"]]))
    }

    /// What each error means, as amplify-js and the iOS client read them.
    @Test func errorKinds() {
        #expect(RealtimeErrorKind.of([["errorType": "LimitExceededError"]]) == .rateLimited)
        #expect(RealtimeErrorKind.of([["errorType": "MaxSubscriptionsReachedException"]]) == .subscriptionLimit)
        #expect(RealtimeErrorKind.of([["errorType": "UnauthorizedException", "message": "x"]]) == .credentials)
        #expect(RealtimeErrorKind.of([["errorType": "Other", "message": "Token expired"]]) == .credentials)
        #expect(RealtimeErrorKind.of([["errorType": "InternalFailure", "errorCode": 401]]) == .credentials)
        #expect(RealtimeErrorKind.of([["errorType": "BadRequestException"]]) == .badRequest)
        #expect(RealtimeErrorKind.of([["errorType": "InternalFailure", "errorCode": 500]]) == .other)
        #expect(RealtimeErrorKind.of([]) == .other)
    }

    /// A connect refused for a bad request or credentials is final; any other refusal is retried.
    @Test func whichRefusalsAreFinal() {
        #expect(
            !RealtimeProblem.refused(errors: [["errorType": "UnauthorizedException", "errorCode": 401]], status: nil)
                .reconnects)
        #expect(!RealtimeProblem.refused(errors: [["errorType": "BadRequestException"]], status: nil).reconnects)
        #expect(
            RealtimeProblem.refused(errors: [["errorType": "InternalFailure", "errorCode": 500]], status: nil)
                .reconnects)
        #expect(RealtimeProblem.handshakeStatus(503).reconnects && RealtimeProblem.handshakeStatus(429).reconnects)
        #expect(!RealtimeProblem.handshakeStatus(404).reconnects)
        #expect(RealtimeProblem.credentialsRefused(errors: []).reconnects)
        #expect(!RealtimeProblem.subscriptionLimit(errors: []).reconnects)
    }

    /// The announced keep-alive interval is taken in 100 ms ... 1 h; zero, negative or huge values
    /// take the default, and no deadline overflows.
    @Test func keepAliveIsClampedAndDeadlinesSaturate() {
        #expect(RealtimeConnection.keepAlive(announced: 300_000) == (300_000, false))
        #expect(RealtimeConnection.keepAlive(announced: nil) == (300_000, false))
        for bad in [0, -1, Int.max, 99, 3_600_001] {
            #expect(RealtimeConnection.keepAlive(announced: bad) == (300_000, true), "\(bad)")
        }
        #expect(Int64(5).adding(milliseconds: .max) == .max)
        #expect(Int64(-5).adding(milliseconds: .min) == .min)
        #expect(Int64(5).adding(milliseconds: 7) == 12)
    }

    /// The caller's name for a v1 owner argument, read from the token's payload (base64url).
    @Test func userNameFromATokensClaims() {
        // {"sub":"1111","cognito:username":"alice"} and {"username":"bob"}, base64url without padding.
        #expect(JWTClaims.userName("h.eyJzdWIiOiIxMTExIiwiY29nbml0bzp1c2VybmFtZSI6ImFsaWNlIn0.s") == "alice")
        #expect(JWTClaims.userName("h.eyJ1c2VybmFtZSI6ImJvYiJ9.s") == "bob")
        #expect(JWTClaims.userName("da2-an-api-key") == nil)
        #expect(JWTClaims.userName("h.!!.s") == nil)
        #expect(JWTClaims.userName("h.eyJzdWIiOiIxIn0.s") == nil, "no name claim")
    }

    /// Pauses grow from 0.25-0.5 s to 15-30 s and never pass 30 s.
    @Test func pausesGrowAndAreBounded() {
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 0, random: 0.5) == 0)
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 1, random: 0) == 250)
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 1, random: 0.999) <= 500)
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 3, random: 0) == 1000)
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 1000, random: 0.999) <= 30_000)
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 1000, random: 0) == 15_000)
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
            RealtimeProblem.webSocket(.frameTooLarge(limit: 524_288)).summary
                == "the real-time connection broke the WebSocket protocol: it sent a message over 512 KiB, the most accepted"
        )
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
