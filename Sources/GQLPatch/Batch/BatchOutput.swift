#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `apply`'s JSON lines to standard output through the console, and notices when that
/// fails (disk full, closed pipe): a run that can no longer report its results stops sending, and
/// ends with exit 74.
struct BatchOutput: Sendable {
    var console: Console
    /// The errno of the first failed write to standard output (nil: none failed).
    var failure: @Sendable () -> Int32? = { StandardOutputFailure.first }

    func write(_ bytes: [UInt8]) throws(GQLPatchError) {
        console.writeOut(bytes)
        if let code = failure() {
            throw GQLPatchError(.ioError, "cannot write to standard output: \(String(cString: strerror(code)))")
        }
    }
}
