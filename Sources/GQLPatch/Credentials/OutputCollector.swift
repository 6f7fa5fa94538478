import Foundation

/// The stdout and stderr bytes of a child process, filled from two reader threads.
final class OutputCollector: @unchecked Sendable {
    // @unchecked: every access to the two buffers holds `lock`.
    private let lock = NSLock()
    private var stdout: [UInt8] = []
    private var stderr: [UInt8] = []

    func store(_ bytes: [UInt8], isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { stderr = bytes } else { stdout = bytes }
    }

    var contents: (stdout: [UInt8], stderr: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        return (stdout, stderr)
    }
}
