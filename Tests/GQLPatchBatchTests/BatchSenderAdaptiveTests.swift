import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSupport

/// `BatchSender` with `--rate auto`'s limiter: each try's end steers the law (a scripted transport,
/// simulated time that sleeps move on).
@Suite struct BatchSenderAdaptiveTests {
    private let request = GraphQLRequestBody(query: "query { getItem(id: \"1\") { id } }", variables: JSONObject())

    private func sender(_ transport: ScriptedTransport, limiter: AdaptiveRateLimiter, clock: LockedValue<Double>)
        -> BatchSender
    {
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: transport, authorizer: .none, wording: SourceNameWording())
        var sender = BatchSender(
            client: client, policy: RetryPolicy(maxAttempts: 3, baseDelay: 1, maxDelay: 8), limiter: nil,
            sleep: { seconds in clock.withValue { $0 += seconds } }, random: { 0.5 }, now: { clock.current })
        sender.adaptive = limiter
        return sender
    }

    @Test func aThrottleWithRetryAfterCutsTheRateAndHoldsTheNextTry() async {
        let transport = ScriptedTransport([
            .status(429, headers: ["retry-after": "7"]), .graphQL(#"{"data": {"getItem": {"id": "1"}}}"#),
        ])
        let limiter = AdaptiveRateLimiter(ceiling: 8)
        let clock = LockedValue(100.0)
        let outcome = await sender(transport, limiter: limiter, clock: clock).send(request)
        #expect(outcome.attempts == 2)
        let law = limiter.law
        #expect(law.decreases == 1)
        #expect(!law.slowStart)
        #expect(law.holdUntil == 107)
        #expect(clock.current >= 107, "the retry went after the Retry-After")
        #expect(law.inFlight == 0, "every try gave its place back")
    }

    @Test func throttlingInsideA200CountsAsThrottling() async {
        let transport = ScriptedTransport([
            .graphQL(#"{"data": null, "errors": [{"message": "x", "errorType": "Throttling"}]}"#),
            .graphQL(#"{"data": null, "errors": [{"message": "x", "errorType": "TooManyRequestsException"}]}"#),
            .graphQL(#"{"data": {"getItem": {"id": "1"}}}"#),
        ])
        let limiter = AdaptiveRateLimiter(ceiling: 8)
        let outcome = await sender(transport, limiter: limiter, clock: LockedValue(0)).send(request)
        #expect(outcome.attempts == 3)
        #expect(limiter.law.decreases >= 1)
        #expect(limiter.law.smoothedRTT != nil, "the clean answer was a round-trip sample")
    }

    @Test func connectionFailuresLeaveTheRateAlone() async {
        let transport = ScriptedTransport([
            .error(GQLPatchError(.unavailable, "the connection to h was lost before a response arrived")),
            .graphQL(#"{"data": {"getItem": {"id": "1"}}}"#),
        ])
        let limiter = AdaptiveRateLimiter(ceiling: 8)
        _ = await sender(transport, limiter: limiter, clock: LockedValue(0)).send(request)
        #expect(limiter.law.decreases == 0)
        #expect(limiter.law.slowStart)
        #expect(limiter.law.inFlight == 0)
    }
}
