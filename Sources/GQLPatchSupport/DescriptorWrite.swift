#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor: every byte, short writes and interruptions retried (the process's
/// own stdout and stderr), and durably (the journals and the undo log append a line and fsync it,
/// so it is on disk before what it records goes on).
package enum DescriptorWrite {
    /// Writes all of `bytes` to `fd`; nil when all went out, else the errno that stopped it.
    package static func all(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Writes all of `bytes` to `fd` and fsyncs it; nil when done, else the errno that stopped it.
    package static func durably(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        if let failure = all(bytes, to: fd) { return failure }
        return fsync(fd) == 0 ? nil : errno
    }
}
