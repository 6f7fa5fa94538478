import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process groups of the `credential_process` children running now, so that an interrupt (the
/// executable's SIGINT/SIGTERM handler) can end them before gqlpatch exits: they run in groups of
/// their own, which a Ctrl-C on the terminal does not reach. Lock-free: `endAll` runs in a signal handler.
public enum ProcessGroupRegistry {
    package static let capacity = 16
    // Atomics at fixed addresses, made once and never freed.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int32>> = {
        let pointer = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
        for index in 0..<capacity { (pointer + index).initialize(to: Atomic(0)) }
        return pointer
    }()

    /// Set by `endAll`: gqlpatch is exiting on a signal.
    private static let ending = Atomic<Bool>(false)

    /// Makes the slots now (before any signal handler may look at them).
    public static func prepare() {
        _ = slots
        _ = ending.load(ordering: .relaxed)
    }

    /// A slot taken while a child is being started (its group is not known yet).
    private static let starting: Int32 = -1

    /// Takes a slot for a child about to start (nil when all are taken: that child is then ended by
    /// its own time limit only). Call with SIGINT and SIGTERM blocked on this thread until `started`,
    /// so that the handler, which waits for a starting slot, never runs on the thread it waits for.
    package static func reserve() -> Int? {
        for index in 0..<capacity {
            if slots[index].compareExchange(expected: 0, desired: starting, ordering: .sequentiallyConsistent).exchanged
            {
                return index
            }
        }
        return nil
    }

    /// Records the group of the child started in `slot` (nil: it did not start).
    package static func started(_ group: pid_t?, slot: Int?) {
        guard let slot else { return }
        slots[slot].store(group ?? 0, ordering: .sequentiallyConsistent)
        // An interrupt that came before the slot was taken has not seen this child: end it here.
        if let group, ending.load(ordering: .sequentiallyConsistent) { kill(-group, SIGKILL) }
    }

    package static func remove(slot: Int?) {
        guard let slot else { return }
        slots[slot].store(0, ordering: .sequentiallyConsistent)
    }

    /// Sends SIGKILL to every recorded group (async-signal-safe: atomics and `kill` only). For the
    /// executable's signal handlers, just before `_exit`.
    public static func endAll() {
        ending.store(true, ordering: .sequentiallyConsistent)
        for index in 0..<capacity {
            var group = slots[index].load(ordering: .sequentiallyConsistent)
            // A child being started: its group is known within the posix_spawn call.
            while group == starting {
                sched_yield()
                group = slots[index].load(ordering: .sequentiallyConsistent)
            }
            if group > 0 { kill(-group, SIGKILL) }
        }
    }

    /// Once an interrupt has ended the children, the thread that waited for one must not report its
    /// death (a configuration error) before the signal handler exits with 130 or 143: it waits here.
    package static func holdIfEnding() {
        while ending.load(ordering: .sequentiallyConsistent) { pause() }
    }
}
