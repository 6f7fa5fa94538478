#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock one run holds on a file it resumes from (an export's state file): a second run on
/// the same file is refused at once instead of writing beside the first. The lock is the kernel's
/// (`flock` on `PATH.lock`), so a run that was killed holds nothing: its resume is never blocked.
public final class FileLock: Sendable {
    /// What `acquire` found.
    public enum Outcome: Sendable {
        case acquired(FileLock)
        /// Another process holds the lock.
        case held
        /// The lock file cannot be made or opened (the reason).
        case failed(String)
    }

    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock of `file` (on `file.lock`, created private when absent), without waiting.
    public static func acquire(for file: String) -> Outcome {
        let path = file + ".lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return .failed(String(cString: strerror(errno))) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let held = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(fd)
            return held ? .held : .failed(reason)
        }
        return .acquired(FileLock(path: path, descriptor: fd))
    }

    /// Gives the lock up; `remove` also deletes the lock file (the run is over and left nothing to resume).
    public func release(remove: Bool) {
        if remove { unlink(path) }
        close(descriptor)
    }
}
