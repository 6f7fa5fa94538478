#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The clock deadlines of network waits are given in: milliseconds of `CLOCK_MONOTONIC`, which
/// neither jumps with the wall clock nor stops being comparable across the connection code that
/// reads it (the own client's C side reads the same clock).
public enum MonotonicClock {
    public static var milliseconds: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
