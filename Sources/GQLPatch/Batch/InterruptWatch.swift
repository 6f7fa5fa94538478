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

    init() {
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [count] in
            let seen = count.withValue { value -> Int in
                value += 1
                return value
            }
            if seen > 1 { _exit(130) }
        }
    }

    /// Starts catching SIGINT.
    func start() {
        signal(SIGINT, SIG_IGN)
        source.resume()
    }

    /// Stops catching SIGINT (the default action again).
    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    var isInterrupted: Bool { count.current > 0 }
}
