import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The retry loop around one request, with a scripted transport, a recorded sleep and a fixed random draw.
@Suite struct BatchSenderTests {
    static let ok = ScriptedTransport.Answer.graphQL(#"{"data": {"getItem": {"id": "1"}}}"#)
    static let lost = ScriptedTransport.Answer.error(
        GQLPatchError(.unavailable, "the connection to h was lost before a response arrived"))
    /// A connection never made: the transport says so with `notConnected` (not in words).
    static let refused: ScriptedTransport.Answer = {
        var error = GQLPatchError(.unavailable, "cannot connect to h: connection refused")
        error.notConnected = true
        return .error(error)
    }()
    static let emptyReply = ScriptedTransport.Answer.error(
        GQLPatchError(.unavailable, "the connection to h closed without a valid HTTP response"))

    private func sender(
        _ transport: ScriptedTransport, maxAttempts: Int = 5, sleeps: LockedValue<[Double]>, limiter: RateLimiter? = nil
    ) -> BatchSender {
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: transport, authorizer: .none, wording: SourceNameWording())
        return BatchSender(
            client: client, policy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: 1, maxDelay: 8), limiter: limiter,
            sleep: { seconds in sleeps.withValue { $0.append(seconds) } }, random: { 0.5 }, now: { 100 })
    }

    private let request = GraphQLRequestBody(query: "query { getItem(id: \"1\") { id } }", variables: JSONObject())

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var script: [ScriptedTransport.Answer]
        var attempts: Int
        var succeeds: Bool
        var ambiguous: Bool
        var sleeps: [Double]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "500 then ok", script: [.status(500, body: "<html>"), ok], attempts: 2, succeeds: true,
            ambiguous: true, sleeps: [0.5]),
        Case(
            name: "lost, lost, ok", script: [lost, lost, ok], attempts: 3, succeeds: true, ambiguous: true,
            sleeps: [0.5, 1]),
        Case(
            name: "empty reply then ok", script: [emptyReply, ok], attempts: 2, succeeds: true, ambiguous: true,
            sleeps: [0.5]),
        Case(
            name: "refused then ok", script: [refused, ok], attempts: 2, succeeds: true, ambiguous: false, sleeps: [0.5]
        ),
        Case(
            name: "429 with Retry-After", script: [.status(429, headers: ["retry-after": "7"]), ok], attempts: 2,
            succeeds: true, ambiguous: false, sleeps: [7]),
        Case(
            name: "429 without Retry-After", script: [.status(429), ok], attempts: 2, succeeds: true, ambiguous: false,
            sleeps: [0.5]),
        Case(
            name: "400 is not retried", script: [.status(400, body: #"{"errors": [{"message": "bad"}]}"#), ok],
            attempts: 1, succeeds: true, ambiguous: false, sleeps: []),
        Case(
            name: "garbage is not retried",
            script: [.error(GQLPatchError(.badResponse, "the response from h is not valid HTTP")), ok], attempts: 1,
            succeeds: false, ambiguous: false, sleeps: []),
        Case(
            name: "401 is not retried", script: [.status(401), ok], attempts: 1, succeeds: false, ambiguous: false,
            sleeps: []),
        Case(
            name: "GraphQL errors are not retried",
            script: [
                .graphQL(
                    #"{"data": null, "errors": [{"message": "x", "errorType": "DynamoDB:ConditionalCheckFailedException"}]}"#
                ), ok,
            ], attempts: 1, succeeds: true, ambiguous: false, sleeps: []),
        Case(
            name: "DynamoDB throttling is retried",
            script: [
                .graphQL(
                    #"{"data": null, "errors": [{"message": "x", "errorType": "DynamoDB:ProvisionedThroughputExceededException"}]}"#
                ), ok,
            ], attempts: 2, succeeds: true, ambiguous: false, sleeps: [0.5]),
        Case(
            name: "gives up after max attempts", script: [.status(503)], attempts: 5, succeeds: false, ambiguous: true,
            sleeps: [0.5, 1, 2, 4]),
    ])
    func retries(_ row: Case) async throws {
        let transport = ScriptedTransport(row.script)
        let sleeps = LockedValue<[Double]>([])
        let outcome = await sender(transport, sleeps: sleeps).send(request)
        #expect(outcome.attempts == row.attempts)
        #expect(transport.requests == row.attempts)
        #expect(outcome.ambiguous == row.ambiguous)
        #expect(sleeps.current == row.sleeps)
        switch outcome.result {
        case .success: #expect(row.succeeds)
        case .failure(let error): #expect(!row.succeeds, "\(error)")
        }
    }

    @Test func lastFailureIsReported() async {
        let transport = ScriptedTransport([
            .status(503, body: #"{"errors": [{"errorType": "ServiceUnavailable", "message": "down"}]}"#)
        ])
        let outcome = await sender(transport, maxAttempts: 2, sleeps: LockedValue([])).send(request)
        guard case .failure(let error) = outcome.result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .unavailable)
        #expect(error.message == "HTTP 503 from h: ServiceUnavailable: down")
    }

    @Test func rateLimiterSpacesStarts() {
        let limiter = RateLimiter(perSecond: 4)
        #expect(limiter.reserve(now: 10) == 0)
        #expect(limiter.reserve(now: 10) == 0.25)
        #expect(abs(limiter.reserve(now: 10.1) - 0.4) < 1e-9)
        // After a pause the next request goes at once.
        #expect(limiter.reserve(now: 20) == 0)
    }
}
