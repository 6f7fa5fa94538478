import GQLPatchClient
import GQLPatchRecords
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

extension RateLimiter: SendPacing {
    /// A fixed rate: waits for the reserved slot; nothing is learned from the try.
    package func turn(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async -> Void) async
        -> Double
    {
        let wait = reserve(now: now())
        if wait > 0 { await sleep(wait) }
        return 0
    }

    package func finished(turn: Double, now: Double, failure: SendFailure?) {}
}
