import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Catches SIGINT and SIGTERM during `apply`: the first one asks the run to stop sending (requests in
/// flight finish, their results are printed and journaled, the summary is printed, then the run exits
/// 128 + the signal); a second one exits at once. `onFirst` (`list`) is called on the first one instead
/// of only noting it: it says what the user needs to resume and ends the process itself.
package final class InterruptWatch: @unchecked Sendable {
    // @unchecked: the first signal lives in a `LockedValue`; the dispatch sources are created in init
    // and only resumed and cancelled by the task that owns the watch.
    package static let signals = [SIGINT, SIGTERM]
    /// The first signal caught (0: none yet).
    private let caught = LockedValue<Int32>(0)
    private let sources: [DispatchSourceSignal]
    /// The handlers before `start` (the executable's own), put back by `stop`.
    private var previousHandlers: [(@convention(c) (Int32) -> Void)?] = []

    package init(onFirst: (@Sendable (Int32) -> Void)? = nil) {
        let caught = self.caught
        sources = Self.signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let first = caught.withValue { value -> Bool in
                    guard value == 0 else { return false }
                    value = number
                    return true
                }
                if first, let onFirst { onFirst(number) }
                if !first {
                    // A second signal stops at once: a credential process of ours goes too.
                    ProcessGroupRegistry.endAll()
                    _exit(128 + number)
                }
            }
            return source
        }
    }

    /// Starts catching the signals.
    package func start() {
        previousHandlers = Self.signals.map { signal($0, SIG_IGN) }
        for source in sources { source.resume() }
    }

    /// Stops catching them: the handlers from before `start` apply again.
    package func stop() {
        for source in sources { source.cancel() }
        for (number, handler) in zip(Self.signals, previousHandlers) { signal(number, handler ?? SIG_DFL) }
    }

    package var isInterrupted: Bool { caught.current != 0 }

    /// The exit code for the signal caught: 130 for SIGINT, 143 for SIGTERM.
    package var exitCode: ExitCode { caught.current == SIGTERM ? .terminated : .interrupted }
}
