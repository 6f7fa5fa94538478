import Foundation
import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSupport

/// `apply`'s sender with a signed-in user: a token AppSync calls expired is renewed once, for all
/// the workers that were refused with it, and each refused request is sent once more.
@Suite struct BatchSenderUserPoolTests {
    /// AppSync: 401 "Token has expired." for the `expired` tokens, else the record.
    struct AppSync: HTTPTransport {
        let expired: Set<String>
        let log = RequestLog()
        func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
            log.append(request, timeout: timeout)
            let token = request.headers.first { $0.name == "Authorization" }?.value ?? ""
            if expired.contains(token) {
                return .text(401, #"{"errors":[{"errorType":"UnauthorizedException","message":"Token has expired."}]}"#)
            }
            return .text(200, #"{"data":{"getItem":{"id":"1"}}}"#)
        }
        var tokensSent: [String] {
            log.requests.map { $0.headers.first { $0.name == "Authorization" }?.value ?? "" }
        }
    }

    static let now = 1_800_000_000

    static func sender(_ appSync: AppSync, cognito: ScriptedCognito) -> BatchSender {
        let signIn = UserPoolSignIn(
            service: CognitoService(
                app: UserPoolApp(
                    poolID: "us-east-1_P", clientID: "c", region: "us-east-1", endpoint: "https://cognito/"),
                transport: cognito, sleep: { _ in }, wording: SourceNameWording()),
            credentials: UserPoolCredentials(username: "alice", password: nil, flow: .password),
            arithmetic: .fake(FakePasswordVerifier()), now: { now })
        // The cached tokens look fresh; AppSync (a revocation, a skewed clock) says otherwise.
        let session = UserPoolSession(
            signIn: signIn, store: MemoryTokenStore(.numbered(0, at: now)), use: .id, warn: { _ in })
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: appSync, authorizer: .userPool(session: session),
            wording: SourceNameWording())
        return BatchSender(
            client: client, policy: RetryPolicy(maxAttempts: 3, baseDelay: 1, maxDelay: 8), limiter: nil,
            sleep: { _ in }, random: { 0.5 }, now: { 100 })
    }

    static let request = GraphQLRequestBody(query: "query { getItem(id: \"1\") { id } }", variables: JSONObject())

    @Test func anExpiredTokenIsRenewedOnceForEveryWorker() async throws {
        let appSync = AppSync(expired: ["id-0"])
        let cognito = ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(1))])
        let sender = Self.sender(appSync, cognito: cognito)
        let outcomes = await withTaskGroup(of: BatchSendOutcome.self) { group in
            for _ in 0..<16 { group.addTask { await sender.send(Self.request) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 16)
        for outcome in outcomes {
            guard case .success(let response) = outcome.result else {
                Issue.record("a line failed: \(outcome.result)")
                continue
            }
            #expect(response.data?["getItem"]?["id"] == "1")
            #expect(outcome.attempts == 1 && !outcome.ambiguous, "the renewal is within the try")
        }
        #expect(cognito.operations == ["InitiateAuth"], "one refresh for sixteen workers")
        #expect(appSync.tokensSent.filter { $0 == "id-1" }.count == 16, "each line sent once with the new token")
        #expect(appSync.tokensSent.count <= 32)
    }

    @Test func aTokenStillRefusedAfterTheRenewalIsTheAnswer() async {
        let appSync = AppSync(expired: ["id-0", "id-1"])
        let cognito = ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(1))])
        let outcome = await Self.sender(appSync, cognito: cognito).send(Self.request)
        guard case .failure(let error) = outcome.result else {
            Issue.record("a refused request succeeded")
            return
        }
        #expect(error.code == .unauthorized)
        #expect(appSync.tokensSent == ["id-0", "id-1"], "renewed once, not again: \(appSync.tokensSent)")
        #expect(outcome.attempts == 1)
    }
}
