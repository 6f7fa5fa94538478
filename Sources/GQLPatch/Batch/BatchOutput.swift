/// Writes `apply`'s JSON lines to standard output through the console, and notices when that
/// fails (disk full, closed pipe): a run that can no longer report its results stops sending, and
/// ends with exit 74.
struct BatchOutput: Sendable {
    var console: Console

    func write(_ bytes: [UInt8]) throws(GQLPatchError) {
        try console.write(bytes)
    }
}
