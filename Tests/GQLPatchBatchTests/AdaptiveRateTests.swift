import Testing

@testable import GQLPatchBatch
@testable import GQLPatchRecords
@testable import GQLPatchSupport

/// `--rate auto`'s control law, driven by hand and by a simulated throttling server (simulated time:
/// no clock, no sleeping).
@Suite struct AdaptiveRateTests {
    /// Asks until the law says go, waiting as told; the time the request goes (nil: the window is full).
    private func send(_ law: inout AdaptiveRate, at time: Double) -> Double? {
        var now = time
        while true {
            switch law.reserve(now: now) {
            case .go: return now
            case .wait(let seconds): now += seconds
            case .full: return nil
            }
        }
    }

    /// `count` requests one after another, each answered `roundTrip` later with `answer`; the time after.
    @discardableResult
    private func run(
        _ law: inout AdaptiveRate, _ count: Int, from start: Double, roundTrip: Double,
        answer: AdaptiveRate.Answer = .clean
    ) -> Double {
        var now = start
        for _ in 0..<count {
            guard let sent = send(&law, at: now) else { break }
            law.complete(sentAt: sent, now: sent + roundTrip, answer: answer)
            now = sent
        }
        return now
    }

    /// Leaves slow start through one throttle at `now` (of a request sent at `now`) and returns the law.
    private func afterFirstDecrease(ceiling: Int = 64, now: Double = 10) -> AdaptiveRate {
        var law = AdaptiveRate(ceiling: ceiling)
        #expect(law.reserve(now: now) == .go)
        law.complete(sentAt: now, now: now, answer: .throttled(retryAfter: nil))
        return law
    }

    @Test func startsModestlyWithASmallWindow() {
        var law = AdaptiveRate(ceiling: 64)
        #expect(law.rate == AdaptiveRate.startRate)
        #expect(law.window == 4)
        for index in 0..<4 { #expect(law.reserve(now: Double(index) / 10) == .go) }
        #expect(law.reserve(now: 0.4) == .full, "the fifth request waits for a place")
        law.complete(sentAt: 0, now: 0.4, answer: .clean)
        #expect(law.reserve(now: 0.4) == .go)
    }

    @Test func spacesStartsAtTheRate() {
        var law = AdaptiveRate(ceiling: 64)
        #expect(law.reserve(now: 5) == .go)
        guard case .wait(let seconds) = law.reserve(now: 5) else {
            Issue.record("expected a wait")
            return
        }
        // One interval, less the few milliseconds a late wake-up may make up.
        #expect(seconds <= 1 / AdaptiveRate.startRate + 1e-9 && seconds >= 1 / AdaptiveRate.startRate - 0.005 - 1e-9)
        #expect(law.inFlight == 1, "a wait takes no place")
    }

    @Test func slowStartRaisesTheRateWhileCleanAndTheRateHoldsRequestsBack() {
        var law = AdaptiveRate(ceiling: 64)
        run(&law, 200, from: 0, roundTrip: 0.040)
        #expect(law.slowStart)
        #expect(law.rate > 1000, "\(law.rate)")
        #expect(law.window == 64, "the window grew with the rate, up to -j")
    }

    @Test func anIdleRunDoesNotInflateTheRate() {
        var law = AdaptiveRate(ceiling: 64)
        for second in 1...50 {
            // A request a second, far below the rate: the rate holds nothing back.
            let now = Double(second)
            #expect(law.reserve(now: now) == .go)
            law.complete(sentAt: now, now: now + 0.001, answer: .clean)
        }
        #expect(law.rate == AdaptiveRate.startRate)
    }

    @Test func aThrottleCutsTheRateMultiplicativelyOncePerQuietPeriod() {
        var law = AdaptiveRate(ceiling: 64)
        var now = run(&law, 100, from: 0, roundTrip: 0.001)
        let before = law.rate
        #expect(law.slowStart)
        let sent = send(&law, at: now) ?? now
        let alongside = send(&law, at: sent) ?? sent
        law.complete(sentAt: sent, now: alongside + 0.001, answer: .throttled(retryAfter: nil))
        #expect(!law.slowStart)
        #expect(law.decreases == 1)
        let once = law.rate
        #expect(once <= before * AdaptiveRate.decrease + 1e-9)
        // Answers to requests sent before the cut say nothing new about the cut rate.
        law.complete(sentAt: alongside, now: alongside + 0.002, answer: .throttled(retryAfter: nil))
        #expect(law.rate == once)
        #expect(law.decreases == 1)
        // One sent after the quiet period cuts again.
        now = sent + 1
        let later = send(&law, at: now) ?? now
        law.complete(sentAt: later, now: later + 0.001, answer: .throttled(retryAfter: nil))
        #expect(law.decreases == 2)
        #expect(abs(law.rate - once * AdaptiveRate.decrease) < 1e-9)
    }

    @Test func theRateNeverFallsBelowTheFloor() {
        var law = AdaptiveRate(ceiling: 4)
        run(&law, 100, from: 0, roundTrip: 0.001, answer: .throttled(retryAfter: nil))
        #expect(law.rate == AdaptiveRate.floorRate)
        #expect(law.window >= 1)
        #expect(law.inFlight == 0)
        #expect(send(&law, at: 1000) != nil, "a request can always start when none is in flight")
    }

    @Test func retryAfterHoldsEveryStart() {
        var law = AdaptiveRate(ceiling: 8)
        #expect(law.reserve(now: 10) == .go)
        law.complete(sentAt: 10, now: 10, answer: .throttled(retryAfter: 3))
        #expect(law.reserve(now: 10.5) == .wait(2.5), "nothing starts before the Retry-After has passed")
        #expect(law.holdUntil == 13)
        #expect(law.reserve(now: 13) == .go)
        // A long Retry-After is cut.
        law.complete(sentAt: 13, now: 13, answer: .throttled(retryAfter: 1e9))
        #expect(law.holdUntil == 13 + AdaptiveRate.maxHold)
    }

    @Test func risingLatencyCutsTheRate() {
        var law = AdaptiveRate(ceiling: 64)
        let now = run(&law, 50, from: 0, roundTrip: 0.030)
        #expect(law.decreases == 0, "a steady 30 ms is no signal")
        run(&law, 50, from: now, roundTrip: 0.600)
        #expect(law.decreases >= 1, "twenty times the round trip is")
        #expect(!law.slowStart)
    }

    @Test func afterACutTheCurveReturnsToTheOldRateAfterK() {
        var law = afterFirstDecrease()
        let wmax = law.rate / AdaptiveRate.decrease
        let time = 10 + AdaptiveRate.cubicK
        #expect(law.reserve(now: time) == .go)
        #expect(law.reserve(now: time) != .go, "the next one waits: the rate holds it back")
        law.complete(sentAt: time, now: time, answer: .clean)
        #expect(abs(law.rate - wmax) < 1e-6, "\(law.rate) vs \(wmax)")
    }

    @Test func otherFailuresLeaveTheLawAlone() {
        var law = afterFirstDecrease()
        let rate = law.rate
        #expect(law.reserve(now: 20) == .go)
        law.complete(sentAt: 20, now: 50, answer: .other)
        #expect(law.rate == rate)
        #expect(law.inFlight == 0)
    }

    // MARK: - Against a simulated token bucket

    struct Bucket: Sendable, CustomTestStringConvertible {
        var capacity: Double
        var burst: Double
        var roundTrip: Double
        var lines: Int
        var ceiling: Int
        var testDescription: String {
            "\(Int(capacity))/s, bursts of \(Int(burst)), \(roundTrip * 1000) ms, -j \(ceiling)"
        }
    }

    struct Outcome {
        var seconds: Double
        var requests: Int
        var throttled: Int
        var failedLines: Int
        var mostAttempts: Int
        var law: AdaptiveRate
    }

    /// `lines` requests through the law to a token-bucket server (429 beyond it) with a fixed round
    /// trip, `ceiling` workers, and `RetryPolicy`'s backoff (draws from a fixed sequence) between tries.
    private func simulate(_ bucket: Bucket, maxAttempts: Int = 5) -> Outcome {
        enum Event {
            case start(line: Int, attempt: Int)
            case answer(line: Int, attempt: Int, sentAt: Double, accepted: Bool)
        }
        var queue: [(time: Double, order: Int, event: Event)] = []
        var order = 0
        func schedule(_ time: Double, _ event: Event) {
            order += 1
            let entry = (time: time, order: order, event: event)
            var low = 0
            var high = queue.count
            while low < high {
                let middle = (low + high) / 2
                if queue[middle].time < time || (queue[middle].time == time && queue[middle].order < order) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            queue.insert(entry, at: low)
        }
        var law = AdaptiveRate(ceiling: bucket.ceiling)
        let policy = RetryPolicy(maxAttempts: maxAttempts)
        var tokens = bucket.burst
        var refilled = 0.0
        var nextLine = 0
        var waiting: [(line: Int, attempt: Int)] = []
        var outcome = Outcome(seconds: 0, requests: 0, throttled: 0, failedLines: 0, mostAttempts: 0, law: law)
        var draws = 0.0
        for _ in 0..<bucket.ceiling where nextLine < bucket.lines {
            schedule(0, .start(line: nextLine, attempt: 1))
            nextLine += 1
        }
        func start(_ line: Int, _ attempt: Int, _ now: Double) {
            switch law.reserve(now: now) {
            case .full:
                waiting.append((line, attempt))
                return
            case .wait(let seconds):
                schedule(now + seconds, .start(line: line, attempt: attempt))
                return
            case .go:
                break
            }
            let sent = now
            outcome.requests += 1
            outcome.mostAttempts = max(outcome.mostAttempts, attempt)
            // The bucket as the request finds it on arrival (half the round trip later).
            let arrival = sent + bucket.roundTrip / 2
            tokens = min(bucket.burst, tokens + (arrival - refilled) * bucket.capacity)
            refilled = arrival
            let accepted = tokens >= 1
            if accepted { tokens -= 1 } else { outcome.throttled += 1 }
            schedule(sent + bucket.roundTrip, .answer(line: line, attempt: attempt, sentAt: sent, accepted: accepted))
        }
        var now = 0.0
        while !queue.isEmpty {
            let (time, _, event) = queue.removeFirst()
            now = time
            switch event {
            case .start(let line, let attempt):
                start(line, attempt, now)
            case .answer(let line, let attempt, let sentAt, let accepted):
                law.complete(sentAt: sentAt, now: now, answer: accepted ? .clean : .throttled(retryAfter: nil))
                if !waiting.isEmpty {
                    let next = waiting.removeFirst()
                    start(next.line, next.attempt, now)
                }
                if accepted || attempt == maxAttempts {
                    if !accepted { outcome.failedLines += 1 }
                    if nextLine < bucket.lines {
                        schedule(now, .start(line: nextLine, attempt: 1))
                        nextLine += 1
                    }
                } else {
                    draws += 0.618_033_988_75
                    let delay =
                        policy.delay(
                            after: attempt, failure: .throttled(retryAfter: nil), random: draws - draws.rounded(.down))
                        ?? 0
                    schedule(now + delay, .start(line: line, attempt: attempt + 1))
                }
            }
        }
        outcome.seconds = now
        outcome.law = law
        return outcome
    }

    @Test(arguments: [
        Bucket(capacity: 2000, burst: 200, roundTrip: 0.001, lines: 20000, ceiling: 64),
        Bucket(capacity: 500, burst: 50, roundTrip: 0.030, lines: 5000, ceiling: 64),
        Bucket(capacity: 100, burst: 20, roundTrip: 0.003, lines: 1000, ceiling: 16),
    ])
    func convergesOnTheBucketsCapacityWithFewThrottles(_ bucket: Bucket) {
        let outcome = simulate(bucket)
        let done = Double(bucket.lines - outcome.failedLines) / outcome.seconds
        #expect(outcome.failedLines == 0)
        #expect(outcome.mostAttempts < 5, "no line came near --max-attempts")
        #expect(done >= 0.85 * bucket.capacity, "\(done) lines a second")
        #expect(
            Double(outcome.throttled) <= 0.06 * Double(outcome.requests), "\(outcome.throttled) of \(outcome.requests)")
        #expect(outcome.law.decreases >= 1, "it met the bucket and backed off")
        #expect(
            (0.5 * bucket.capacity...1.5 * bucket.capacity).contains(outcome.law.rate),
            "it settled near the capacity: \(outcome.law.rate)")
    }

    @Test func aLatencyBoundRunFillsItsWindow() {
        // No bucket in the way: 64 in flight at a 40 ms round trip is 1,600 a second.
        let outcome = simulate(Bucket(capacity: 1e9, burst: 1e9, roundTrip: 0.040, lines: 5000, ceiling: 64))
        let done = Double(5000) / outcome.seconds
        #expect(outcome.throttled == 0)
        #expect(done >= 0.85 * 1600, "\(done) lines a second")
        #expect(outcome.law.window == 64)
    }

    // MARK: - The shared limiter

    @Test func theLimiterHoldsARequestUntilThereIsRoomInTheWindow() async {
        let limiter = AdaptiveRateLimiter(ceiling: 1)
        // Simulated time: a sleep moves the clock on.
        let clock = LockedValue(0.0)
        let sleeps = LockedValue<[Double]>([])
        let now: @Sendable () -> Double = { clock.current }
        let sleep: @Sendable (Double) async -> Void = { seconds in
            sleeps.withValue { $0.append(seconds) }
            clock.withValue { $0 += seconds }
        }
        let first = await limiter.acquire(now: now, sleep: sleep)
        let started = LockedValue(false)
        let second = Task {
            let time = await limiter.acquire(now: now, sleep: sleep)
            started.withValue { $0 = true }
            return time
        }
        for _ in 0..<100 { await Task.yield() }
        #expect(!started.current, "the window of one is taken")
        limiter.release(sentAt: first, now: 0.01, answer: .clean)
        let went = await second.value
        #expect(started.current)
        #expect(limiter.law.inFlight == 1)
        #expect(went >= first + 1 / AdaptiveRate.startRate - 0.005, "and it went at the rate: \(went)")
        #expect(sleeps.current.allSatisfy { $0 > 0 }, "only real waits are slept")
    }
}
