import GQLPatchSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `credential_process` command lines with `/bin/sh -c`, as the Rust and Go SDKs do. The child
/// runs in a process group of its own, with stdin on `/dev/null` (a group not in the terminal's
/// foreground would be stopped reading it); stdout and stderr are captured up to `outputLimit` bytes
/// each. Past `timeout` seconds or that output, the whole group is ended (SIGTERM, then SIGKILL), and
/// an interrupt of gqlpatch ends it too (`ProcessGroupRegistry`), so nothing it started lives on.
///
/// The child starts with no blocked signals and default signal dispositions. Both pipes are read
/// as data arrives (`poll`), so a process that fills one while gqlpatch waits on the other cannot
/// deadlock. Once the child has exited, what it wrote is read and the run ends even if a process it
/// started in the background still holds the pipes open.
public enum ShellProcessRunner {
    /// How long a `credential_process` may run, in seconds.
    public static let timeout: Double = 60

    /// The most bytes kept from each of stdout and stderr (1 MiB; a credentials document is under 2 KB).
    public static let outputLimit = 1 << 20

    /// Seconds a child gets to exit after SIGTERM before it is sent SIGKILL.
    package static let terminationGrace: Double = 2

    /// Held while pipes are made and a child spawned (see `makePipe`).
    private static let spawning = Mutex(())

    /// Runs `command` and returns its exit status (the signal number if a signal ended it) and output.
    @Sendable
    public static func run(_ command: String) throws(GQLPatchError) -> (status: Int32, stdout: [UInt8], stderr: [UInt8])
    {
        try run(command, timeout: timeout)
    }

    /// `run(_:)` with another time limit in seconds (for tests).
    package static func run(_ command: String, timeout: Double, outputLimit: Int = outputLimit) throws(GQLPatchError)
        -> (
            status: Int32, stdout: [UInt8], stderr: [UInt8]
        )
    {
        let deadline = monotonicSeconds() + timeout
        let (pid, stdoutRead, stderrRead, slot) = try startRecorded(command)
        defer { ProcessGroupRegistry.remove(slot: slot) }
        var output = PipeReader(descriptors: [stdoutRead, stderrRead], limit: outputLimit)
        defer { output.closeAll() }
        var status: Int32?
        var idleWait = 0.001
        while true {
            if let finished = reap(pid, wait: false) {
                status = finished
                ProcessGroupRegistry.holdIfEnding()
                output.drainReady()
                break
            }
            if let full = output.overLimit {
                terminate(pid)
                throw .configuration(
                    "credential_process wrote more than \(outputLimit >> 20) MB to \(full == 0 ? "stdout" : "stderr"); it was stopped"
                )
            }
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 { break }
            if output.isOpen {
                // Wake at least every 0.1 s to notice a child that exited while others hold the pipes.
                output.readReady(waiting: min(remaining, 0.1))
            } else {
                // The child closed both pipes but runs on: look again soon, then less often.
                sleepSeconds(min(remaining, idleWait))
                idleWait = min(idleWait * 2, 0.05)
            }
        }
        guard let status else {
            ProcessGroupRegistry.holdIfEnding()
            terminate(pid)
            throw .configuration("credential_process did not finish within \(timeout.saturated(to: Int.self)) s")
        }
        if let full = output.overLimit {
            throw .configuration(
                "credential_process wrote more than \(outputLimit >> 20) MB to \(full == 0 ? "stdout" : "stderr")")
        }
        return (status, output.buffers[0], output.buffers[1])
    }

    // MARK: - Spawning

    /// `startShell` with the child's group recorded for an interrupt to end; SIGINT and SIGTERM wait
    /// on this thread meanwhile (see `ProcessGroupRegistry.reserve`).
    private static func startRecorded(_ command: String) throws(GQLPatchError) -> (
        pid_t, stdout: Int32, stderr: Int32, slot: Int?
    ) {
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupts, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let slot = ProcessGroupRegistry.reserve()
        do {
            let (pid, stdoutRead, stderrRead) = try spawning.withLock { _ throws(GQLPatchError) in
                try startShell(command)
            }
            ProcessGroupRegistry.started(pid, slot: slot)
            return (pid, stdoutRead, stderrRead, slot)
        } catch {
            ProcessGroupRegistry.started(nil, slot: slot)
            throw error
        }
    }

    private enum Spawned {
        case success(pid_t)
        case failure(Int32)
    }

    /// Starts `/bin/sh -c command` with its stdout and stderr on new pipes; returns the child and the
    /// read ends.
    private static func startShell(_ command: String) throws(GQLPatchError) -> (pid_t, stdout: Int32, stderr: Int32) {
        let stdoutPipe = try makePipe()
        let stderrPipe: (read: Int32, write: Int32)
        do {
            stderrPipe = try makePipe()
        } catch {
            close(stdoutPipe.read)
            close(stdoutPipe.write)
            throw error
        }
        let spawned = spawnShell(command, stdout: stdoutPipe.write, stderr: stderrPipe.write)
        close(stdoutPipe.write)
        close(stderrPipe.write)
        switch spawned {
        case .success(let pid):
            return (pid, stdoutPipe.read, stderrPipe.read)
        case .failure(let code):
            close(stdoutPipe.read)
            close(stderrPipe.read)
            throw .configuration("cannot run credential_process with /bin/sh: \(describe(code))")
        }
    }

    /// `/bin/sh -c command` in a new process group, with stdout and stderr on the given descriptors
    /// and stdin on `/dev/null`.
    private static func spawnShell(_ command: String, stdout: Int32, stderr: Int32) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let arguments = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) }
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let result = (arguments + [nil]).withUnsafeBufferPointer { argv in
            posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv.baseAddress!, environment)
        }
        return result == 0 ? .success(pid) : .failure(result)
    }

    /// A pipe whose two ends close on exec (the child gets only the copies `dup2` makes). Made while
    /// holding `spawning`, so no other run's child can inherit it before the flag is set.
    private static func makePipe() throws(GQLPatchError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        let result = pipe(&descriptors)
        if result == 0 { descriptors.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) } }
        guard result == 0 else {
            throw .configuration("cannot run credential_process with /bin/sh: \(describe(errno))")
        }
        return (descriptors[0], descriptors[1])
    }

    // MARK: - Waiting

    /// The exit status (or the number of the signal that ended the child) once it has ended.
    private static func reap(_ pid: pid_t, wait: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
            if result == -1, errno == EINTR { continue }
            guard result == pid else { return nil }
            let signal = status & 0x7F
            return signal == 0 ? (status >> 8) & 0xFF : signal
        }
    }

    /// SIGTERM to the child's whole group (what it started too), then SIGKILL to the group if the
    /// child has not exited after `terminationGrace`; then reaps it.
    private static func terminate(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        let deadline = monotonicSeconds() + terminationGrace
        var pause = 0.001
        while monotonicSeconds() < deadline {
            if reap(pid, wait: false) != nil {
                // The shell is gone; what it started in the group goes with it.
                kill(-pid, SIGKILL)
                return
            }
            sleepSeconds(pause)
            pause = min(pause * 2, 0.05)
        }
        kill(-pid, SIGKILL)
        _ = reap(pid, wait: true)
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func sleepSeconds(_ seconds: Double) {
        var request = timespec(
            tv_sec: seconds.saturated(to: Int.self),
            tv_nsec: ((seconds - seconds.rounded(.down)) * 1e9).saturated(to: Int.self))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR { request = remaining }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    // MARK: - Reading

    /// The read ends of the child's pipes and what came out of them so far.
    private struct PipeReader {
        package var descriptors: [Int32]
        package var buffers: [[UInt8]]
        /// The most bytes kept from each pipe.
        package let limit: Int
        /// The first pipe that went over `limit` (its reading stops there).
        package private(set) var overLimit: Int?
        private var chunk = [UInt8](repeating: 0, count: 65_536)

        package init(descriptors: [Int32], limit: Int) {
            self.descriptors = descriptors
            self.limit = limit
            buffers = Array(repeating: [], count: descriptors.count)
        }

        /// Whether a pipe is still open (its writers have not all closed it).
        package var isOpen: Bool { descriptors.contains { $0 >= 0 } }

        /// Waits up to `seconds` for data or end of file on the open pipes, and reads what is there.
        /// Returns whether anything was ready.
        @discardableResult
        package mutating func readReady(waiting seconds: Double) -> Bool {
            var polled = descriptors.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard !polled.isEmpty else { return false }
            let ready = poll(&polled, nfds_t(polled.count), (seconds * 1000).rounded(.up).saturated(to: Int32.self))
            guard ready > 0 else { return false }
            for entry in polled where entry.revents != 0 {
                guard let slot = descriptors.firstIndex(of: entry.fd) else { continue }
                readOnce(slot)
            }
            return true
        }

        /// Reads whatever is already in the pipes, without waiting for more. A pipe holds at most
        /// 1 MiB, so 64 rounds read all a child that has exited wrote, even while a process it left
        /// behind keeps writing.
        package mutating func drainReady() {
            var rounds = 0
            while rounds < 64, isOpen, overLimit == nil, readReady(waiting: 0) { rounds += 1 }
        }

        /// One `read` from pipe `slot`: data is kept; end of file or an error closes the pipe.
        private mutating func readOnce(_ slot: Int) {
            let descriptor = descriptors[slot]
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count > 0 {
                    // One byte past the limit is enough to know; nothing more is kept.
                    let room = limit + 1 - buffers[slot].count
                    buffers[slot].append(contentsOf: chunk[..<min(count, room)])
                    if buffers[slot].count > limit {
                        overLimit = overLimit ?? slot
                        close(descriptor)
                        descriptors[slot] = -1
                    }
                } else {
                    close(descriptor)
                    descriptors[slot] = -1
                }
                return
            }
        }

        package mutating func closeAll() {
            for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
            descriptors = descriptors.map { _ in -1 }
        }
    }
}
