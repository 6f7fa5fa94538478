import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pipe between `copy`'s export and its import: the kernel's buffer (64 KiB on Linux) is all it
/// holds, and a write waits while it is full. Each end is closed once, by the side that owns it.
final class CopyPipe: Sendable {
    let reader: Int32
    let writer: Int32
    private let open = LockedValue<(reader: Bool, writer: Bool)>((true, true))

    init() throws(GQLPatchError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw GQLPatchError(.ioError, "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        reader = ends[0]
        writer = ends[1]
    }

    /// Writes all of `bytes`, waiting while the pipe is full; a reader gone (the import stopped) is
    /// an error that ends the export.
    func write(_ bytes: [UInt8]) throws(GQLPatchError) {
        var written = 0
        while written < bytes.count {
            let got = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(writer, buffer.baseAddress! + written, buffer.count - written)
                #else
                    Darwin.write(writer, buffer.baseAddress! + written, buffer.count - written)
                #endif
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw GQLPatchError(.interrupted, "the import stopped reading: \(String(cString: strerror(errno)))")
            }
            written += got
        }
    }

    /// The export's end: the import then reads to the end of the data.
    func closeWriter() {
        if open.withValue({ ends in
            defer { ends.writer = false }
            return ends.writer
        }) {
            close(writer)
        }
    }

    /// The import's end: a write still waiting fails.
    func closeReader() {
        if open.withValue({ ends in
            defer { ends.reader = false }
            return ends.reader
        }) {
            close(reader)
        }
    }

    func closeBoth() {
        closeWriter()
        closeReader()
    }
}
