/// The one backoff of gqlpatch's retries, for requests (`RetryPolicy`) and real-time reconnects
/// (`RealtimeSubscriber`): a ceiling that doubles from `base` seconds up to `maximum`, and a wait
/// drawn under it. Requests draw from the whole range ("full jitter": a crowd of clients spreads
/// out); reconnects from its upper half, so a broken connection is never tried again at once.
package struct Backoff: Sendable, Equatable {
    /// How the wait is drawn under the ceiling.
    package enum Jitter: Sendable, Equatable {
        /// Uniform in 0 ... ceiling.
        case full
        /// Uniform in ceiling / 2 ... ceiling.
        case upperHalf
    }

    /// Seconds: the ceiling of the first retry.
    package var base: Double
    /// Seconds: the largest ceiling.
    package var maximum: Double
    package var jitter: Jitter

    package init(base: Double, maximum: Double, jitter: Jitter) {
        self.base = base
        self.maximum = maximum
        self.jitter = jitter
    }

    /// Requests: 0.25 s doubling to 20 s, full jitter.
    package static let requests = Backoff(base: 0.25, maximum: 20, jitter: .full)
    /// Real-time reconnects: 0.5 s doubling to 30 s, each wait 50-100 % of its ceiling.
    package static let reconnects = Backoff(base: 0.5, maximum: 30, jitter: .upperHalf)

    /// Seconds to wait before retry number `retry` (1-based; 0 or less: none). `random` is a uniform
    /// draw in 0..<1 (injected for tests).
    package func seconds(beforeRetry retry: Int, random: Double) -> Double {
        guard retry > 0 else { return 0 }
        // 2^(retry-1), capped well before it could overflow or the ceiling stop mattering.
        let ceiling = min(maximum, base * Double(sign: .plus, exponent: min(retry - 1, 60), significand: 1))
        let draw = min(max(random, 0), 1)
        switch jitter {
        case .full: return ceiling * draw
        case .upperHalf: return ceiling * (0.5 + draw / 2)
        }
    }
}
