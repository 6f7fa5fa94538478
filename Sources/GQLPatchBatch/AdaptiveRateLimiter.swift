import GQLPatchClient
import GQLPatchRecords
import GQLPatchSupport

/// `--rate auto`: the `AdaptiveRate` law shared by every request of a batch (retries included). A
/// request takes a place with `acquire` and gives it back with `release` and what its answer said.
///
/// Requests queue first come, first served; only the one at the head asks the law, sleeping when
/// told to wait (so one task sleeps, and each wait is reckoned at the rate of the moment) or
/// waiting for a `release` when the window is full.
package final class AdaptiveRateLimiter: Sendable {
    // Sendable: the law and the waiting requests live in a `LockedValue`.
    private struct State: Sendable {
        var law: AdaptiveRate
        /// A request is at the head (asking the law, sleeping, or waiting for room).
        var headTaken = false
        /// Requests behind the head, in arrival order.
        var queue: [CheckedContinuation<Void, Never>] = []
        /// The head, waiting for room in the window.
        var roomWaiter: CheckedContinuation<Step, Never>?
    }

    /// What the head does next.
    private enum Step: Sendable {
        case go
        case wait(Double)
        /// Ask again (room may have come).
        case askAgain
    }

    private let state: LockedValue<State>

    package init(ceiling: Int) {
        state = LockedValue(State(law: AdaptiveRate(ceiling: ceiling)))
    }

    /// The law as it stands (for the progress line and tests).
    package var law: AdaptiveRate { state.withValue { $0.law } }

    /// Waits for the request's turn, its start time and a place in the window; returns the time it goes.
    package func acquire(now: @Sendable () -> Double, sleep: @Sendable (Double) async -> Void) async -> Double {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let first = state.withValue { state -> Bool in
                if state.headTaken {
                    state.queue.append(continuation)
                    return false
                }
                state.headTaken = true
                return true
            }
            if first { continuation.resume() }
        }
        while true {
            let step = await withCheckedContinuation { (continuation: CheckedContinuation<Step, Never>) in
                let time = now()
                let (step, next) = state.withValue { state -> (Step?, CheckedContinuation<Void, Never>?) in
                    switch state.law.reserve(now: time) {
                    case .go:
                        // The turn passes to the next request.
                        if state.queue.isEmpty {
                            state.headTaken = false
                            return (.go, nil)
                        }
                        return (.go, state.queue.removeFirst())
                    case .wait(let seconds):
                        return (.wait(seconds), nil)
                    case .full:
                        state.roomWaiter = continuation
                        return (nil, nil)
                    }
                }
                next?.resume()
                if let step { continuation.resume(returning: step) }
            }
            switch step {
            case .go: return now()
            case .wait(let seconds): await sleep(seconds)
            case .askAgain: continue
            }
        }
    }

    /// Gives back the place of the request sent at `sentAt`, which ended with `answer` at `now`.
    package func release(sentAt: Double, now: Double, answer: AdaptiveRate.Answer) {
        let waiter = state.withValue { state -> CheckedContinuation<Step, Never>? in
            state.law.complete(sentAt: sentAt, now: now, answer: answer)
            defer { state.roomWaiter = nil }
            return state.roomWaiter
        }
        waiter?.resume(returning: .askAgain)
    }
}

extension AdaptiveRateLimiter: SendPacing {
    /// `--rate auto`: waits for a slot; each try's end steers the rate.
    package func turn(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async -> Void) async
        -> Double
    {
        await acquire(now: now, sleep: sleep)
    }

    package func finished(turn: Double, now: Double, failure: SendFailure?) {
        release(sentAt: turn, now: now, answer: BatchSender.answer(failure))
    }
}
