import FoundationEssentials
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport
import HTTP
import JSON

/// The real `BatchSending`: `RetryingSender` (the client's one send path, retried as `RetryPolicy`
/// allows) paced by `--rate`: a fixed `RateLimiter`, or the adaptive `AdaptiveRateLimiter`, which
/// each answer steers. The sleep and the random source are injected so tests can run the retry loop
/// without waiting.
package struct BatchSender: BatchSending {
    package var client: GraphQLClient
    package var policy: RetryPolicy
    package var limiter: RateLimiter?
    /// `--rate auto` (used instead of `limiter`).
    package var adaptive: AdaptiveRateLimiter?
    package var sleep: @Sendable (Double) async -> Void
    package var random: @Sendable () -> Double
    package var now: @Sendable () -> Double
    /// Told of each retry before its wait: the request and the failure (nil for a throttled answer).
    package var onRetry: (@Sendable (_ request: GraphQLRequestBody, _ failure: GQLPatchError?) -> Void)?

    package init(
        client: GraphQLClient, policy: RetryPolicy, limiter: RateLimiter?,
        sleep: @escaping @Sendable (Double) async -> Void = BatchSender.taskSleep,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        onRetry: (@Sendable (_ request: GraphQLRequestBody, _ failure: GQLPatchError?) -> Void)? = nil,
        adaptive: AdaptiveRateLimiter? = nil
    ) {
        self.client = client
        self.policy = policy
        self.limiter = limiter
        self.adaptive = adaptive
        self.sleep = sleep
        self.random = random
        self.now = now
        self.onRetry = onRetry
    }

    @Sendable package static func taskSleep(_ seconds: Double) async {
        await RetryingSender.taskSleep(seconds)
    }

    /// Sent as `RetryingSender` sends, each try paced by `--rate`: a fixed rate waits its turn, the
    /// adaptive one also learns from how each try ended.
    package func send(_ request: GraphQLRequestBody) async -> BatchSendOutcome {
        var sender = RetryingSender(
            client: client, policy: policy, sleep: sleep, random: random, now: now, onRetry: onRetry)
        sender.pacing = adaptive.map { $0 as any SendPacing } ?? limiter
        return await sender.send(request)
    }

    /// What a try's end tells `--rate auto`.
    static func answer(_ failure: RetryPolicy.Failure?) -> AdaptiveRate.Answer {
        switch failure {
        case nil: return .clean
        case .throttled(let header):
            return .throttled(retryAfter: header.flatMap { RetryPolicy.retryAfterSeconds($0, now: Date()) })
        case .notConnected, .connectionLost, .serverError, .final: return .other
        }
    }
}
