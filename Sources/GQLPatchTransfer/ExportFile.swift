import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file an export appends to (the output, a model's part file), opened at a known length: what
/// lies past it (lines of a page or a part whose copy was not recorded) is cut off first, so a
/// resumed export writes each line once. Every write is checked; errors are exit 74.
package struct ExportFile: Sendable {
    package let path: String
    private let descriptor: Int32

    /// Opens (or creates) `path` and cuts it to `length`; a file shorter than that is not the one the
    /// state describes.
    package init(path: String, length: Int) throws(GQLPatchError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure("cannot open", path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw Self.failure("cannot read the size of", path)
        }
        // A pipe, a FIFO or a device (`-o /dev/stdout`) is written as it is: there is nothing to cut.
        if info.st_mode & S_IFMT != S_IFREG {
            guard length == 0 else {
                close(fd)
                throw GQLPatchError(
                    .invalidInput, "\(path) is not a regular file, so an export cannot go on in it from a state")
            }
            self.path = path
            self.descriptor = fd
            return
        }
        guard Int(info.st_size) >= length else {
            close(fd)
            throw GQLPatchError(
                .invalidInput,
                "\(path) holds \(info.st_size) bytes, fewer than the \(length) the export state recorded: it was changed since"
            )
        }
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, off_t(length), SEEK_SET) >= 0 else {
            close(fd)
            throw Self.failure("cannot cut back", path)
        }
        self.path = path
        self.descriptor = fd
    }

    /// Appends `bytes`, all of them.
    package func append(_ bytes: [UInt8]) throws(GQLPatchError) {
        var written = 0
        while written < bytes.count {
            let got = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw Self.failure("cannot write", path) }
            written += got
        }
    }

    /// Flushes what was written to the disk (before the file takes another's place).
    package func sync() throws(GQLPatchError) {
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw Self.failure("cannot flush", path) }
    }

    /// Closes the file; nothing is written after it.
    package func finish() {
        close(descriptor)
    }

    /// Hands `path`'s first `length` bytes to `body` in pieces of a megabyte at most (a model's part
    /// is never read whole).
    package static func copy(_ path: String, length: Int, to body: ([UInt8]) throws(GQLPatchError) -> Void)
        throws(GQLPatchError)
    {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot open", path) }
        defer { close(fd) }
        var left = length
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while left > 0 {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, min($0.count, left)) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw failure("cannot read", path) }
            guard got > 0 else {
                throw GQLPatchError(.ioError, "cannot read \(path): it ends before the \(length) bytes recorded")
            }
            try body(Array(buffer[0..<got]))
            left -= got
        }
    }

    private static func failure(_ what: String, _ path: String) -> GQLPatchError {
        GQLPatchError(.ioError, "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
