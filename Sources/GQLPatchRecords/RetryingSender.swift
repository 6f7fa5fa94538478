import FoundationEssentials
import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport

/// Sends a request through the client's one path (`GraphQLClient.attempt`) and tries again what
/// `RetryPolicy` allows, after its backoff: a command's throttled request, a list's page, a batch's
/// line. A batch paces its tries (`pacing`: its `--rate`). The sleep, the random source and
/// the clock are injected so tests run the retry loop without waiting.
package struct RetryingSender: Sendable {
    package var client: GraphQLClient
    package var policy: RetryPolicy
    package var sleep: @Sendable (Double) async -> Void
    package var random: @Sendable () -> Double
    package var now: @Sendable () -> Double
    /// Told of each retry before its wait: the request and the failure (nil for a throttled answer).
    package var onRetry: (@Sendable (_ request: GraphQLRequestBody, _ failure: GQLPatchError?) -> Void)?
    /// A batch's `--rate`: each try waits its turn; nil: no pacing.
    package var pacing: (any SendPacing)?

    package init(
        client: GraphQLClient, policy: RetryPolicy,
        sleep: @escaping @Sendable (Double) async -> Void = RetryingSender.taskSleep,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        onRetry: (@Sendable (_ request: GraphQLRequestBody, _ failure: GQLPatchError?) -> Void)? = nil
    ) {
        self.client = client
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
        self.onRetry = onRetry
    }

    @Sendable package static func taskSleep(_ seconds: Double) async {
        guard seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: (seconds * 1e9).saturated(to: UInt64.self))
    }

    package func send(_ request: GraphQLRequestBody) async -> SendOutcome {
        // Encoded once: every try sends the same bytes.
        let body = request.encoded()
        var ambiguous = false
        var attempt = 0
        while true {
            attempt += 1
            let turn = await pacing?.turn(now: now, sleep: sleep) ?? 0
            let tried = await client.attempt(encoded: body)
            // Sent twice by the transport (a kept connection died first): the first may have landed.
            if tried.resent { ambiguous = true }
            pacing?.finished(turn: turn, now: now(), failure: tried.failure)
            guard let failure = tried.failure,
                let wait = policy.delay(after: attempt, failure: failure, random: random())
            else {
                return SendOutcome(result: tried.result, attempts: attempt, ambiguous: ambiguous)
            }
            if RetryPolicy.mayHaveArrived(failure) { ambiguous = true }
            if let trace = client.trace, case .failure(let error) = tried.result {
                trace(
                    "\(error.message); retrying in \(DecimalText.fixed(wait, fractionDigits: 2)) s (try \(attempt + 1) of \(policy.maxAttempts))"
                )
            }
            if let onRetry {
                if case .failure(let error) = tried.result { onRetry(request, error) } else { onRetry(request, nil) }
            }
            await sleep(wait)
        }
    }
}
