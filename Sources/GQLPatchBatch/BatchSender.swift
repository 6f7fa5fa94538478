import FoundationEssentials
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport
import HTTP
import JSON

/// The real `BatchSending`: posts through the run's one transport (one curl multi handle, connections kept
/// alive) with the client's credentials, waits for `--rate` (a fixed `RateLimiter` or the adaptive
/// `AdaptiveRateLimiter`, which each answer steers), and retries what `RetryPolicy` allows.
/// The sleep and the random source are injected so tests can run the retry loop without waiting.
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
        guard seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: (seconds * 1e9).saturated(to: UInt64.self))
    }

    package func send(_ request: GraphQLRequestBody) async -> BatchSendOutcome {
        // Encoded once: every try sends the same bytes.
        let body = request.encoded()
        var ambiguous = false
        var attempt = 0
        while true {
            attempt += 1
            var sentAt = 0.0
            if let adaptive {
                sentAt = await adaptive.acquire(now: now, sleep: sleep)
            } else if let limiter {
                let wait = limiter.reserve(now: now())
                if wait > 0 { await sleep(wait) }
            }
            let (result, failure, resent) = await once(body)
            // Sent twice by the transport (a kept connection died first): the first may have landed.
            if resent { ambiguous = true }
            adaptive?.release(sentAt: sentAt, now: now(), answer: Self.answer(failure))
            guard let failure else {
                return BatchSendOutcome(result: result, attempts: attempt, ambiguous: ambiguous)
            }
            guard let wait = policy.delay(after: attempt, failure: failure, random: random()) else {
                return BatchSendOutcome(result: result, attempts: attempt, ambiguous: ambiguous)
            }
            if RetryPolicy.mayHaveArrived(failure) { ambiguous = true }
            if let trace = client.trace, case .failure(let error) = result {
                trace(
                    "\(error.message); retrying in \(DecimalText.fixed(wait, fractionDigits: 2)) s (try \(attempt + 1) of \(policy.maxAttempts))"
                )
            }
            if let onRetry {
                if case .failure(let error) = result { onRetry(request, error) } else { onRetry(request, nil) }
            }
            await sleep(wait)
        }
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

    /// One try: the classified response, and what kind of failure it was (nil for an answer to keep).
    /// A signed-in user's token that AppSync refuses as expired is renewed and the request sent once
    /// more within the try (a 401 comes before anything ran, so no write is sent twice).
    private func once(_ body: [UInt8]) async -> (
        Result<GraphQLResponse, GQLPatchError>, RetryPolicy.Failure?, resent: Bool
    ) {
        var rejected: String?
        var resent = false
        while true {
            switch await exchange(body, rejected: rejected) {
            case .failed(let error, let failure):
                return (.failure(error), failure, resent)
            case .answered(let response, let token):
                resent = resent || response.resent
                if rejected == nil, case .userPool = client.authorizer, response.status == 401,
                    GraphQLClient.saysExpired(response.body), let token
                {
                    client.trace?("< HTTP 401 (the token expired: renewing it and sending again)")
                    rejected = token
                    continue
                }
                let (result, failure) = classify(response, requestBytes: body.count)
                return (result, failure, resent)
            }
        }
    }

    /// How one exchange ended: an answer (with the `Authorization` value sent), or a failure.
    private enum Exchange {
        case answered(HTTPResponse, token: String?)
        case failed(GQLPatchError, RetryPolicy.Failure)
    }

    private func exchange(_ body: [UInt8], rejected: String?) async -> Exchange {
        var request = client.request(forEncoded: body)
        do {
            // Every try is authorized afresh: a SigV4 signature carries the time it was made.
            try await client.authorizer.authorize(&request, rejected: rejected)
        } catch {
            return .failed(error, .final)
        }
        client.traceRequest(request)
        do {
            // The clock is read only for a trace: this runs once per request of a batch.
            let start = client.trace == nil ? nil : ContinuousClock.now
            let response = try await client.transport.send(request, timeout: client.timeout)
            if let start { client.traceResponse(response, elapsed: ContinuousClock.now - start) }
            return .answered(response, token: request.headers.last { $0.name == "Authorization" }?.value)
        } catch {
            let failure: RetryPolicy.Failure
            if error.code != .unavailable {
                // A response that began and broke (76) is retried like a lost connection: the
                // request may have arrived, and a retry of the same input is safe.
                failure = error.requestMayHaveArrived ? .connectionLost : .final
            } else if error.notConnected {
                failure = .notConnected
            } else {
                failure = .connectionLost
            }
            return .failed(error, failure)
        }
    }

    private func classify(_ response: HTTPResponse, requestBytes: Int) -> (
        Result<GraphQLResponse, GQLPatchError>, RetryPolicy.Failure?
    ) {
        do {
            let classified = try ResponseClassifier.classify(response, host: client.host, requestBytes: requestBytes)
            if classified.errors.contains(where: \.isThrottling) {
                return (.success(classified), .throttled(retryAfter: nil))
            }
            return (.success(classified), nil)
        } catch {
            switch response.status {
            case 429: return (.failure(error), .throttled(retryAfter: response.headers["retry-after"]))
            case 500...599: return (.failure(error), .serverError(status: response.status))
            default: return (.failure(error), .final)
            }
        }
    }

}
