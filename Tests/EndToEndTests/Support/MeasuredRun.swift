import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `gqlpatch` as its own child (posix_spawn + wait4), so that the peak resident memory
/// of exactly that process is known, with a hang guard that kills it. Standard input is `/dev/null`
/// unless `stdinPath` names a file.
enum MeasuredRun {
    struct Outcome: CustomStringConvertible {
        var result: ProcessResult
        /// Peak resident set of the child, in kB (`ru_maxrss`).
        var peakKB: Int
        /// Whether the hang guard ended it.
        var killed: Bool
        var elapsed: Double

        var description: String { "\(result)\npeak \(peakKB) kB, \(elapsed) s\(killed ? ", killed by the hang guard" : "")" }
    }

    /// A started child and where its output goes.
    struct Started {
        var pid: pid_t
        var outPath: String
        var errPath: String
        var start: Date
    }

    static func run(
        _ arguments: [String], environment: [String: String] = [:], in folder: URL, guardSeconds: Double,
        addressSpaceLimitKB: Int? = nil
    ) throws -> Outcome {
        let started = try start(arguments, environment: environment, in: folder, addressSpaceLimitKB: addressSpaceLimitKB)
        return try finish(started, guardSeconds: guardSeconds)
    }

    /// Starts gqlpatch; `finish` waits for it.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], in folder: URL, addressSpaceLimitKB: Int? = nil
    ) throws -> Started {
        try TestPaths.requireTools()
        let outPath = folder.appendingPathComponent("measured-\(UUID().uuidString).out").path
        let errPath = folder.appendingPathComponent("measured-\(UUID().uuidString).err").path
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("GQLPATCH_") || key.hasPrefix("AWS_") { env[key] = nil }
        env["HOME"] = folder.path
        for (key, value) in environment { env[key] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        // `sh` changes directory and execs gqlpatch in place: the child waited for is gqlpatch itself.
        // `addressSpaceLimitKB` (ulimit -v) stops a run whose memory grows out of bounds before it hurts the machine.
        let limit = addressSpaceLimitKB.map { "ulimit -v \($0) && " } ?? ""
        let argv = (["/bin/sh", "-c", "\(limit)cd \"$0\" && exec \"$@\"", folder.path, TestPaths.binary] + arguments)
            .map { strdup($0) }
        let envp = env.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let start = Date()
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envBuffer in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, argvBuffer.baseAddress!, envBuffer.baseAddress!)
            }
        }
        guard spawned == 0 else { throw HarnessError("cannot start /bin/sh for \(TestPaths.binary): \(String(cString: strerror(spawned)))") }

        return Started(pid: pid, outPath: outPath, errPath: errPath, start: start)
    }

    /// Waits for the child (killing it past `guardSeconds`) and reads what it wrote.
    static func finish(_ started: Started, guardSeconds: Double) throws -> Outcome {
        let (pid, outPath, errPath, start) = (started.pid, started.outPath, started.errPath, started.start)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0, errno != EINTR { throw HarnessError("wait4 failed: \(String(cString: strerror(errno)))") }
            if !killed, Date().timeIntervalSince(start) > guardSeconds {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(5_000)
        }
        let elapsed = Date().timeIntervalSince(start)
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let result = ProcessResult(
            status: code,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        return Outcome(result: result, peakKB: Int(usage.ru_maxrss), killed: killed, elapsed: elapsed)
    }
}
