import FoundationEssentials
import GQLPatchClient

/// When and how long to wait before trying a request again. Only failures that cannot have been
/// caused by the request itself are retried: connection failures, timeouts, HTTP 5xx and 429.
/// The wait is the one `Backoff`, with full jitter (a uniform draw between 0 and
/// `min(maxDelay, baseDelay * 2^(attempt-1))`), and never shorter than a `Retry-After` the server sent.
package struct RetryPolicy: Sendable {
    /// Tries in all (1 = no retry).
    package var maxAttempts: Int
    /// Seconds: the backoff ceiling for the first retry.
    package var baseDelay: Double = Backoff.requests.base
    /// Seconds: the largest backoff ceiling.
    package var maxDelay: Double = Backoff.requests.maximum
    /// Seconds: a longer `Retry-After` is cut to this.
    package var maxRetryAfter: Double = 120
    /// Retry throttling alone (a single command: a lost or failed try is reported, not repeated).
    package var onlyThrottling = false

    package init(
        maxAttempts: Int, baseDelay: Double = Backoff.requests.base, maxDelay: Double = Backoff.requests.maximum,
        maxRetryAfter: Double = 120,
        onlyThrottling: Bool = false
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.onlyThrottling = onlyThrottling
    }

    /// A single command's policy: throttling (HTTP 429, or a throttling error in a 200, which the
    /// server did not run) is tried 5 times with `apply`'s backoff; nothing else is tried again.
    package static let command = RetryPolicy(maxAttempts: 5, onlyThrottling: true)

    /// How one try ended, as far as retrying is concerned.
    package typealias Failure = SendFailure

    /// Whether a try that ended with `failure` may be retried at all.
    package static func isRetryable(_ failure: Failure) -> Bool {
        failure != .final
    }

    /// Whether the request may have been applied although no answer came back.
    package static func mayHaveArrived(_ failure: Failure) -> Bool {
        switch failure {
        case .connectionLost, .serverError: return true
        case .notConnected, .throttled, .final: return false
        }
    }

    /// Seconds to wait after try number `attempt` (1-based) failed, or nil to give up.
    /// `random` is a uniform draw in 0..<1 (injected for tests); `now` is for an HTTP-date `Retry-After`.
    package func delay(after attempt: Int, failure: Failure, random: Double, now: Date = Date()) -> Double? {
        guard Self.isRetryable(failure), attempt < maxAttempts else { return nil }
        if onlyThrottling, !failure.isThrottled { return nil }
        let jittered = Backoff(base: baseDelay, maximum: maxDelay, jitter: .full).seconds(
            beforeRetry: attempt, random: random)
        if case .throttled(let header) = failure, let header, let asked = Self.retryAfterSeconds(header, now: now) {
            return max(jittered, min(asked, maxRetryAfter))
        }
        return jittered
    }

    /// `Retry-After` as seconds: delta-seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`,
    /// or one of the obsolete forms `HTTPDate` also reads).
    package static func retryAfterSeconds(_ header: String, now: Date) -> Double? {
        let text = header.trimmingWhitespace()
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return seconds }
        let nowSeconds = now.timeIntervalSince1970
        guard nowSeconds.isFinite, nowSeconds.magnitude < 1e15,
            let date = HTTPDate.secondsSince1970(text, now: Int(nowSeconds.rounded(.down)))
        else { return nil }
        return max(0, Double(date) - nowSeconds)
    }
}
