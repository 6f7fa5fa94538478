#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file or standard input opened for reading under the rules of README "Limits", so that no read
/// can hang: a path is opened with `O_NONBLOCK` (opening a FIFO with no writer would otherwise block
/// for ever), character devices named by path (`/dev/zero`, `/dev/urandom`, `/dev/tty`) are refused,
/// a FIFO that nobody opens for writing within `InputLimit.writerWaitMilliseconds` is refused, and a
/// stream (pipe, FIFO, terminal) may be given an idle limit. Sizes are the caller's to check.
package struct InputDescriptor: Sendable {
    package enum Kind: Sendable, Equatable {
        /// A regular file of `size` bytes when it was opened.
        case regularFile(size: Int)
        /// A pipe, FIFO, socket or terminal: its length is known only at its end.
        case stream
    }

    package let descriptor: Int32
    package let kind: Kind
    /// The input in messages: the path or "standard input".
    package let shown: String
    private let ownsDescriptor: Bool
    /// Milliseconds a stream may send nothing before it is refused; nil: as long as it takes.
    private let idleMilliseconds: Int32?
    /// Whether a writer has been seen. False only for a FIFO opened by path until it shows one.
    private var writerSeen: Bool

    /// Opens `path`, or standard input for `-`.
    package static func open(_ path: String, idleMilliseconds: Int32?) throws(GQLPatchError) -> InputDescriptor {
        if path == "-" { return try standardInput(idleMilliseconds: idleMilliseconds) }
        let shown = path
        let fd = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw FileSystem.cannotRead(shown, "no such file")
            case EACCES, EPERM: throw FileSystem.cannotRead(shown, "permission denied")
            case ENXIO, EOPNOTSUPP: throw notAFile(shown, "a socket")
            default: throw FileSystem.cannotRead(shown, String(cString: strerror(code)))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw FileSystem.cannotRead(shown, reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Regular files never block; reads of them need no poll.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return InputDescriptor(
                descriptor: fd, kind: .regularFile(size: Int(info.st_size)), shown: shown, ownsDescriptor: true,
                idleMilliseconds: idleMilliseconds, writerSeen: true)
        case S_IFIFO:
            return InputDescriptor(
                descriptor: fd, kind: .stream, shown: shown, ownsDescriptor: true, idleMilliseconds: idleMilliseconds,
                writerSeen: false)
        case S_IFDIR:
            close(fd)
            throw FileSystem.cannotRead(shown, "it is a directory")
        case S_IFCHR:
            close(fd)
            throw notAFile(shown, "a character device")
        case S_IFBLK:
            close(fd)
            throw notAFile(shown, "a block device")
        default:
            close(fd)
            throw notAFile(shown, "not a regular file")
        }
    }

    /// Standard input as it is (its flags are shared with other processes, so they are left alone):
    /// a regular file, or a stream (pipe, terminal, device) read as data arrives.
    private static func standardInput(idleMilliseconds: Int32?) throws(GQLPatchError) -> InputDescriptor {
        var info = stat()
        guard fstat(0, &info) == 0 else {
            throw FileSystem.cannotRead("standard input", String(cString: strerror(errno)))
        }
        var kind = Kind.stream
        if info.st_mode & S_IFMT == S_IFREG {
            let offset = lseek(0, 0, SEEK_CUR)
            kind = .regularFile(size: max(Int(info.st_size) - max(Int(offset), 0), 0))
        }
        return InputDescriptor(
            descriptor: 0, kind: kind, shown: "standard input", ownsDescriptor: false,
            idleMilliseconds: idleMilliseconds,
            writerSeen: true)
    }

    /// An open regular file that stays its owner's (the journal on `--resume`, read then appended to),
    /// or, `owning` it, is closed (and can be read again) as one opened by path.
    package static func adopting(regularFile descriptor: Int32, size: Int, shown: String, owning: Bool = false)
        -> InputDescriptor
    {
        InputDescriptor(
            descriptor: descriptor, kind: .regularFile(size: size), shown: shown, ownsDescriptor: owning,
            idleMilliseconds: nil,
            writerSeen: true)
    }

    private static func notAFile(_ shown: String, _ what: String) -> GQLPatchError {
        .invalidInput("\(shown) is \(what), not a file: name a regular file, a FIFO, or - for standard input")
    }

    /// Reads up to `count` bytes into `buffer`; 0 at the end. Waits for a stream under the limits.
    package mutating func readChunk(_ buffer: UnsafeMutableRawPointer, _ count: Int) throws(GQLPatchError) -> Int {
        while true {
            guard kind == .stream else {
                let got = systemRead(descriptor, buffer, count)
                if got >= 0 { return got }
                if errno == EINTR { continue }
                throw readFailed()
            }
            let wait: Int32 = writerSeen ? (idleMilliseconds ?? -1) : InputLimit.writerWaitMilliseconds
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, wait)
            if ready < 0 {
                if errno == EINTR { continue }
                throw readFailed()
            }
            if ready == 0, writerSeen {
                throw FileSystem.cannotRead(shown, "nothing arrived for \(wait / 1000) s")
            }
            // Ready, or no writer seen yet: a read tells (Linux answers end of file on a FIFO that no
            // writer has opened, and "try again" on one whose writer has not written yet).
            let got = systemRead(descriptor, buffer, count)
            if got > 0 {
                writerSeen = true
                return got
            }
            if got == 0 {
                if writerSeen || ready > 0 { return 0 }
                throw FileSystem.cannotRead(
                    shown, "it is a FIFO and nothing opened it for writing within \(wait / 1000) s")
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                writerSeen = true
                continue
            }
            throw readFailed()
        }
    }

    /// Moves back to the start (regular files opened by path only).
    package func rewind() -> Bool {
        guard ownsDescriptor, case .regularFile = kind else { return false }
        return lseek(descriptor, 0, SEEK_SET) == 0
    }

    package func closeDescriptor() {
        if ownsDescriptor { close(descriptor) }
    }

    private func readFailed() -> GQLPatchError {
        FileSystem.cannotRead(shown, String(cString: strerror(errno)))
    }

    // The C library's functions under other names (`open` and `read` are this type's names in scope).
    private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #else
            Darwin.open(path, flags)
        #endif
    }

    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}
