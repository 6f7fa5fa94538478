import Foundation
import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct UserPoolSessionTests {
    typealias MemoryStore = MemoryTokenStore

    final class Clock: @unchecked Sendable {
        // @unchecked: `value` is only touched while holding `lock`.
        private let lock = NSLock()
        private var value = UserPoolSignInTests.now
        var now: Int { lock.withLock { value } }
        func advance(_ seconds: Int) { lock.withLock { value += seconds } }
    }

    static func session(
        _ cognito: ScriptedCognito, store: MemoryStore, clock: Clock, password: String? = "pw-Secret-1",
        use: UserPoolTokens.Use = .id
    ) -> UserPoolSession {
        let signIn = UserPoolSignIn(
            service: CognitoService(
                app: UserPoolSignInTests.app, transport: cognito, sleep: { _ in }, wording: SourceNameWording()),
            credentials: UserPoolCredentials(username: "alice", password: password, flow: .password),
            arithmetic: .fake(FakePasswordVerifier()), now: { clock.now })
        return UserPoolSession(signIn: signIn, store: store, use: use, warn: { _ in })
    }

    static func tokens(_ number: Int, at time: Int, lifetime: Int = 3600) -> UserPoolTokens {
        .numbered(number, at: time, lifetime: lifetime)
    }

    @Test func cachedTokensAreUsedUntilTheRefreshWindow() async throws {
        let clock = Clock()
        let store = MemoryStore(Self.tokens(0, at: clock.now))
        let cognito = ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(1, refresh: false))])
        let session = Self.session(cognito, store: store, clock: clock, password: nil)
        #expect(try await session.tokens().idToken == "id-0")
        clock.advance(3600 - 301)
        #expect(try await session.tokens().idToken == "id-0", "more than five minutes left")
        #expect(cognito.operations.isEmpty)
        clock.advance(2)
        let renewed = try await session.tokens()
        #expect(renewed.idToken == "id-1")
        #expect(renewed.refreshToken == "refresh-0", "the refresh token is kept")
        #expect(try cognito.body(0)["AuthFlow"] == "REFRESH_TOKEN_AUTH")
        #expect(store.tokens == renewed && store.saves == 1)
    }

    @Test func shortLivedTokensRenewInTheirLastQuarter() {
        let short = Self.tokens(0, at: 100, lifetime: 8)
        #expect(!short.needsRefresh(now: 105))
        #expect(short.needsRefresh(now: 106))
        let hour = Self.tokens(0, at: 100, lifetime: 3600)
        #expect(!hour.needsRefresh(now: 100 + 3299))
        #expect(hour.needsRefresh(now: 100 + 3300))
    }

    @Test func concurrentRequestsShareOneRenewal() async throws {
        let clock = Clock()
        let store = MemoryStore(Self.tokens(0, at: clock.now - 3590))
        let cognito = ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(1))])
        let session = Self.session(cognito, store: store, clock: clock)
        let seen = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<32 { group.addTask { try await session.tokens().idToken } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(seen == ["id-1"])
        #expect(cognito.operations == ["InitiateAuth"], "one refresh for 32 requests")
    }

    @Test func aRefusedRefreshSignsInWithThePassword() async throws {
        let clock = Clock()
        let store = MemoryStore(Self.tokens(0, at: clock.now - 7200))
        let cognito = ScriptedCognito([
            .init(
                "InitiateAuth", status: 400,
                #"{"__type":"NotAuthorizedException","message":"Refresh Token has expired"}"#),
            .init("InitiateAuth", ScriptedCognito.tokens(2)),
        ])
        let session = Self.session(cognito, store: store, clock: clock)
        #expect(try await session.tokens().idToken == "id-2")
        #expect(try cognito.body(1)["AuthFlow"] == "USER_PASSWORD_AUTH")
        // Without the password the refusal is the answer.
        let alone = Self.session(
            ScriptedCognito([
                .init(
                    "InitiateAuth", status: 400,
                    #"{"__type":"NotAuthorizedException","message":"Refresh Token has expired"}"#)
            ]), store: MemoryStore(Self.tokens(0, at: clock.now - 7200)), clock: clock, password: nil)
        await #expect(throws: GQLPatchError.self) { try await alone.tokens() }
    }

    @Test func cognitoDownKeepsTokensThatHaveNotExpired() async throws {
        let clock = Clock()
        let store = MemoryStore(Self.tokens(0, at: clock.now - 3500))
        let down = ScriptedCognito.Answer("InitiateAuth", status: 500, "")
        let session = Self.session(ScriptedCognito([down, down, down]), store: store, clock: clock)
        #expect(try await session.tokens().idToken == "id-0")
    }

    /// A transport for the GraphQL side: 401 "Token has expired." for `expired` tokens, else an answer.
    struct AppSync: HTTPTransport {
        let expired: Set<String>
        let log = RequestLog()
        func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
            log.append(request, timeout: timeout)
            let token = request.headers.first { $0.name == "Authorization" }?.value ?? ""
            if expired.contains(token) {
                return .text(401, #"{"errors":[{"errorType":"UnauthorizedException","message":"Token has expired."}]}"#)
            }
            return .text(200, #"{"data":{"ok":true}}"#)
        }
    }

    @Test func anExpiredTokenIsRenewedOnceAndTheRequestSentAgain() async throws {
        let clock = Clock()
        let store = MemoryStore(Self.tokens(0, at: clock.now))
        let cognito = ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(1))])
        let session = Self.session(cognito, store: store, clock: clock)
        let appSync = AppSync(expired: ["id-0"])
        let client = GraphQLClient(
            endpoint: "https://x.appsync-api.us-east-1.amazonaws.com/graphql", transport: appSync,
            authorizer: .userPool(session: session), wording: SourceNameWording())
        let response = try await client.send(.object(["query": "{ ok }"]))
        #expect(response.data?["ok"] == .bool(true))
        #expect(
            appSync.log.requests.map { $0.headers.first { $0.name == "Authorization" }?.value } == ["id-0", "id-1"])
        #expect(cognito.operations == ["InitiateAuth"])
        #expect(appSync.log.requests[1].secrets.contains("refresh-1"), "every token is registered as a secret")
        // Still expired after the renewal: the 401 is the answer, no third try.
        let stuck = AppSync(expired: ["id-1", "id-2"])
        let again = Self.session(
            ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(2))]),
            store: MemoryStore(Self.tokens(1, at: clock.now)),
            clock: clock)
        let stuckClient = GraphQLClient(
            endpoint: "https://x/graphql", transport: stuck, authorizer: .userPool(session: again),
            wording: SourceNameWording())
        await #expect(throws: GQLPatchError.self) { try await stuckClient.send(.object(["query": "{ ok }"])) }
        #expect(stuck.log.requests.count == 2)
    }

    @Test func anotherRefusalIsNotResent() async throws {
        let clock = Clock()
        let session = Self.session(ScriptedCognito([]), store: MemoryStore(Self.tokens(0, at: clock.now)), clock: clock)
        struct Refusing: HTTPTransport {
            let log = RequestLog()
            func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
                log.append(request, timeout: timeout)
                return .text(
                    401,
                    #"{"errors":[{"errorType":"UnauthorizedException","message":"Valid authorization header not provided."}]}"#
                )
            }
        }
        let refusing = Refusing()
        let client = GraphQLClient(
            endpoint: "https://x/graphql", transport: refusing, authorizer: .userPool(session: session),
            wording: SourceNameWording())
        do {
            _ = try await client.send(.object(["query": "{ ok }"]))
            Issue.record("a 401 was taken")
        } catch {
            #expect(error.code == .unauthorized)
            #expect(error.message.hasPrefix("HTTP 401 from x: "))
        }
        #expect(refusing.log.requests.count == 1)
    }
}
