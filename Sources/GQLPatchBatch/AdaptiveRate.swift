/// `--rate auto`'s control law: a request rate and an in-flight window that rise while answers are
/// fast and clean and fall multiplicatively on throttling, after the AWS SDKs' "adaptive" retry mode
/// (a client-side rate that backs off on throttling and probes upward along a CUBIC curve).
///
/// A pure value: the caller passes the time (seconds on any steady clock) to every call, so tests
/// drive it with a simulated server and no real time.
///
/// - Start: `startRate` requests a second and a small window.
/// - Slow start: each clean answer adds `1 / max(srtt, 0.05 s)` requests a second (the rate grows
///   e-fold every 50 ms or round trip) until the first throttle or latency signal.
/// - Throttle (HTTP 429, a throttling error inside a 200) or latency (the smoothed round trip above
///   three times its minimum plus 200 ms): the rate falls to `decrease` times itself, once per quiet period
///   (requests sent before the previous decrease do not count again). Leaving slow start it falls
///   from what the server actually accepted over the last 0.1 s, not from the overshoot.
/// - Between decreases: the CUBIC curve `wmax * (1 + scale * (t - K)^3)`, which is back at the rate
///   of the last decrease (`wmax`) after K = 2 s, flat around it, then probes above it.
/// - The rate grows only while it is what holds requests back (a request waited for its slot, or the
///   window was full, within the last 50 ms or two round trips): an idle or input-bound run does
///   not inflate it.
/// - `Retry-After` holds every start until it has passed.
/// - The window is twice the rate times the smoothed round trip, plus 4, at most `ceiling` (`-j`).
package struct AdaptiveRate: Sendable {
    /// What an answer says about the server's capacity.
    package enum Answer: Sendable, Equatable {
        /// An answer to keep (an error that is not throttling included): a round-trip sample.
        case clean
        /// Throttled; `retryAfter` in seconds when the server said.
        case throttled(retryAfter: Double?)
        /// No answer (a connection failure, a timeout) or one that says nothing about load.
        case other
    }

    /// Requests in flight at most (`-j`).
    package let ceiling: Int
    /// Requests a second: the lowest and highest rate.
    package static let floorRate = 1.0
    package static let ceilingRate = 1_000_000.0
    package static let startRate = 10.0
    /// The multiplicative decrease.
    package static let decrease = 0.7
    /// Seconds from a decrease until the CUBIC curve is back at the rate it fell from.
    package static let cubicK = 2.0
    /// The curve's scale per wmax: `wmax * (1 + scale * (0 - K)^3)` is the decreased rate.
    package static let cubicScale = (1 - decrease) / (cubicK * cubicK * cubicK)
    /// The smoothed round trip that counts as congestion: three times the least plus 200 ms. A queue
    /// building up at the server, well above the jitter of a busy client or server (and of the 40 ms
    /// a delayed ACK adds to an answer written in two pieces).
    package static func latencySignal(_ minimum: Double) -> Double { 3 * minimum + 0.2 }
    /// The longest `Retry-After` honoured, in seconds.
    package static let maxHold = 120.0

    /// Requests a second now.
    package private(set) var rate = AdaptiveRate.startRate
    package private(set) var slowStart = true
    package private(set) var inFlight = 0
    /// Decreases so far (throttle and latency signals acted on).
    package private(set) var decreases = 0
    /// Seconds: the smoothed and the smallest round trip (nil before the first sample).
    package private(set) var smoothedRTT: Double?
    package private(set) var minimumRTT: Double?
    /// No request starts before this time (`Retry-After`).
    package private(set) var holdUntil = -Double.infinity

    private var wmax = 0.0
    private var lastDecrease = -Double.infinity
    private var nextSlot = -Double.infinity
    private var lastBound = -Double.infinity
    /// Clean answers in ten 10 ms slots (the accepted rate over the last 0.1 s).
    private var slots = [Int](repeating: 0, count: 10)
    private var slotIndex = Int.min

    package init(ceiling: Int) {
        precondition(ceiling >= 1)
        self.ceiling = ceiling
    }

    /// Requests allowed in flight now.
    package var window: Int {
        guard let smoothedRTT else { return min(ceiling, 4) }
        let wanted = (2 * rate * smoothedRTT).rounded(.up)
        return wanted >= Double(ceiling - 4) ? ceiling : min(ceiling, Int(wanted) + 4)
    }

    /// What `reserve` decided.
    package enum Reservation: Sendable, Equatable {
        /// Send now: the request has its place in the window.
        case go
        /// Ask again in this many seconds (the next start time at the current rate, or the end of a
        /// `Retry-After`); nothing was taken, so a rate raised meanwhile counts at once.
        case wait(Double)
        /// The window is full: ask again after a `complete`.
        case full
    }

    /// Asks to send a request now.
    package mutating func reserve(now: Double) -> Reservation {
        guard inFlight < window else {
            lastBound = now
            return .full
        }
        let start = max(nextSlot, holdUntil)
        // (A microsecond early counts as on time: a wait of a rounding error would never end.)
        if start > now + 1e-6 {
            // The rate holds this request back until its start.
            lastBound = max(lastBound, start)
            return .wait(start - now)
        }
        inFlight += 1
        // A late wake-up (a sleep overshoots) may be made up by a few requests at once, 5 ms at most.
        nextSlot = max(nextSlot, now - min(0.005, 4 / rate)) + 1 / rate
        return .go
    }

    /// Gives the place back: the request sent at `sentAt` ended with `answer` at `now`.
    package mutating func complete(sentAt: Double, now: Double, answer: Answer) {
        precondition(inFlight > 0, "complete without a reservation")
        inFlight -= 1
        switch answer {
        case .other:
            return
        case .throttled(let retryAfter):
            if let retryAfter, retryAfter > 0 { holdUntil = max(holdUntil, now + min(retryAfter, Self.maxHold)) }
            if sentAt >= lastDecrease + quietPeriod { decrease(now: now) }
        case .clean:
            count(now: now)
            let sample = max(0, now - sentAt)
            smoothedRTT = smoothedRTT.map { $0 * 7 / 8 + sample / 8 } ?? sample
            minimumRTT = min(minimumRTT ?? sample, sample)
            if let smoothedRTT, let minimumRTT, smoothedRTT > Self.latencySignal(minimumRTT),
                sentAt >= lastDecrease + quietPeriod
            {
                decrease(now: now)
                return
            }
            guard now - lastBound <= max(0.05, 2 * (smoothedRTT ?? 0)) else { return }
            if slowStart {
                rate += 1 / max(smoothedRTT ?? 0, 0.05)
            } else {
                let t = now - lastDecrease - Self.cubicK
                rate = wmax * (1 + Self.cubicScale * t * t * t)
            }
            rate = min(max(rate, Self.floorRate), Self.ceilingRate)
        }
    }

    /// The accepted rate over the last 0.1 s (clean answers a second).
    package func acceptedRate(now: Double) -> Double {
        let current = Self.slot(now)
        guard slotIndex != Int.min, current - slotIndex < slots.count else { return 0 }
        return Double(slots.reduce(0, +)) / 0.1
    }

    /// Seconds after a decrease during which throttles of requests sent before it end do not count:
    /// what was sent at the old rate, and the time the server's bucket needs to refill a little.
    private var quietPeriod: Double { max(2 * (smoothedRTT ?? 0), 0.05) }

    private mutating func decrease(now: Double) {
        var base = rate
        if slowStart {
            let accepted = acceptedRate(now: now)
            if accepted > 0 { base = min(rate, max(accepted, Self.floorRate)) }
        }
        wmax = base
        rate = max(Self.floorRate, base * Self.decrease)
        slowStart = false
        lastDecrease = now
        decreases += 1
    }

    private static func slot(_ now: Double) -> Int {
        Int(min(max(now * 100, 0), 9e15).rounded(.down))
    }

    private mutating func count(now: Double) {
        let current = Self.slot(now)
        if slotIndex == Int.min || current - slotIndex >= slots.count {
            for index in slots.indices { slots[index] = 0 }
            slotIndex = current
        } else if current > slotIndex {
            for passed in (slotIndex + 1)...current { slots[passed % slots.count] = 0 }
            slotIndex = current
        }
        slots[slotIndex % slots.count] += 1
    }
}
