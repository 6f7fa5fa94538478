import Dispatch
import HTTP
import Synchronization

/// The threads that open an event loop's connections (DNS, TCP and TLS block, so never on the
/// loop's thread). A thread that has opened one waits for the next instead of ending: a run that
/// opens a connection every few requests (a server or load balancer closing kept connections)
/// does not pay a thread's creation each time. A new thread starts whenever every kept one is
/// busy, so an open never waits behind a slow one (a black-holed address, a stalled handshake).
final class OpenerThreads: Sendable {
    /// One open to run (a class: a job not taken can be found again by identity).
    private final class Job: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private struct State {
        var jobs: [Job] = []
        /// Threads waiting for a job, each owed one signal.
        var idle = 0
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `job` on a kept thread, or a new one; false (and `job` not run) when none can be made.
    func run(_ body: @escaping @Sendable () -> Void) -> Bool {
        let job = Job(body)
        let startNew = state.withLock { state in
            state.jobs.append(job)
            guard state.idle > 0 else { return true }
            state.idle -= 1
            return false
        }
        guard startNew else {
            wake.signal()
            return true
        }
        if DetachedThread.start({ [self] in work() }) { return true }
        // No thread: take the job back unless a kept thread has taken it meanwhile.
        return state.withLock { state in
            guard let index = state.jobs.lastIndex(where: { $0 === job }) else { return true }
            state.jobs.remove(at: index)
            return false
        }
    }

    /// Whether a kept thread is waiting for an open (for tests).
    var hasWaitingThread: Bool { state.withLock { $0.idle > 0 } }

    private func work() {
        while true {
            let job = state.withLock { state -> Job? in
                if !state.jobs.isEmpty { return state.jobs.removeFirst() }
                state.idle += 1
                return nil
            }
            if let job {
                job.run()
            } else {
                wake.wait()
            }
        }
    }
}
