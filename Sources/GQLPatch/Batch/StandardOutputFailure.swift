import Synchronization

/// The first failed write to the process's standard output. The executable owns the stream and
/// records it; `apply` reads it after each line it prints (`BatchOutput`), to stop once it cannot
/// report.
public enum StandardOutputFailure {
    private static let code = Atomic<Int32>(0)

    /// Records `errno` of a failed write (the first one is kept).
    public static func record(_ errno: Int32) {
        _ = code.compareExchange(expected: 0, desired: errno == 0 ? -1 : errno, ordering: .sequentiallyConsistent)
    }

    static var first: Int32? {
        let value = code.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }
}
