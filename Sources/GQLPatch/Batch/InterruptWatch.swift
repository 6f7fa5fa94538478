import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Catches SIGINT during `apply`: the first one asks the run to stop sending (requests in flight finish,
/// their results are printed and journaled, then the run exits 130); a second one exits at once.
final class InterruptWatch: @unchecked Sendable {
    // @unchecked: the count lives in a `LockedValue`; the dispatch source is created in init and only
    // resumed and cancelled by the task that owns the watch.
    private let count = LockedValue<Int>(0)
    private let source: DispatchSourceSignal
    /// The SIGINT handler before `start` (the executable's own), put back by `stop`.
    private var previousHandler: (@convention(c) (Int32) -> Void)?

    init() {
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [count] in
            let seen = count.withValue { value -> Int in
                value += 1
                return value
            }
            if seen > 1 {
                ProcessGroupRegistry.endAll()
                _exit(130)
            }
        }
    }

    /// Starts catching SIGINT.
    func start() {
        previousHandler = signal(SIGINT, SIG_IGN)
        source.resume()
    }

    /// Stops catching SIGINT: the handler from before `start` applies again.
    func stop() {
        source.cancel()
        signal(SIGINT, previousHandler ?? SIG_DFL)
    }

    var isInterrupted: Bool { count.current > 0 }
}
