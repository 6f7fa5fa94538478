#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor that the journals and the undo log append to: every byte, short
/// writes and interruptions retried, then fsynced, so a line is on disk before what it records
/// goes on.
package enum DescriptorWrite {
    /// Writes all of `bytes` to `fd` and fsyncs it; nil when done, else the errno that stopped it.
    package static func durably(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        let failure = bytes.withUnsafeBytes { buffer -> Int32? in
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
        if let failure { return failure }
        return fsync(fd) == 0 ? nil : errno
    }
}
