import GQLPatchSupport

/// `--rate N`: hands out start times spaced 1/N seconds apart, so requests (retries included) never
/// go out faster than N a second. Shared by all requests of a batch.
package final class RateLimiter: Sendable {
    // Sendable: the next free start time lives in a `LockedValue`.
    private let interval: Double
    private let state = LockedValue<Double>(0)

    package init(perSecond rate: Double) {
        interval = 1 / rate
    }

    /// Seconds the caller must wait before sending, given the current time in seconds.
    package func reserve(now: Double) -> Double {
        state.withValue { next in
            let start = max(now, next)
            next = start + interval
            return start - now
        }
    }
}
