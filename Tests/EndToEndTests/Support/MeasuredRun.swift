import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `gqlpatch` as its own child (posix_spawn + wait4), with a hang guard that kills it.
/// Standard input is `/dev/null`.
///
/// The peak resident memory (`run`) is measured by a small Python parent that forks and execs
/// gqlpatch and reads its `ru_maxrss` from `wait4`: a child that posix_spawn starts from this test
/// process shares the test process's memory until it execs, and Linux counts that (150 MB and more
/// of the test runner) into the child's peak. The fork of a small Python process adds its ~10 MB at
/// most, so the figure can only be on the high side.
enum MeasuredRun {
    struct Outcome: CustomStringConvertible {
        var result: ProcessResult
        /// Peak resident set of the child, in kB (`ru_maxrss`).
        var peakKB: Int
        /// Whether the hang guard ended it.
        var killed: Bool
        var elapsed: Double

        var description: String {
            "\(result)\npeak \(peakKB) kB, \(elapsed) s\(killed ? ", killed by the hang guard" : "")"
        }
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
        let peakFile = folder.appendingPathComponent("measured-\(UUID().uuidString).peak").path
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        let started = try start(
            arguments, environment: environment, in: folder, addressSpaceLimitKB: addressSpaceLimitKB,
            peakFile: peakFile)
        var outcome = try finish(started, guardSeconds: guardSeconds)
        let recorded = (try? String(contentsOfFile: peakFile, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // Killed by the guard: the parent died with it and wrote nothing; the figure is then unknown (0).
        outcome.peakKB = recorded ?? (outcome.killed ? 0 : Int.max)
        return outcome
    }

    /// Forks and execs argv[3...] in argv[2], writes the child's ru_maxrss (kB) to argv[1], and exits
    /// with the child's status (128 + signal when killed).
    static let measuringParent = """
        import os, sys
        peak, folder, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
        pid = os.fork()
        if pid == 0:
            try:
                os.chdir(folder)
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        with open(peak, "w") as out:
            out.write(str(usage.ru_maxrss))
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """

    /// Starts gqlpatch; `finish` waits for it.
    /// With `peakFile`, the measuring parent above runs gqlpatch (the pid is then that parent's, the
    /// leader of a process group that the guard kills whole).
    static func start(
        _ arguments: [String], environment: [String: String] = [:], in folder: URL, addressSpaceLimitKB: Int? = nil,
        peakFile: String? = nil
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
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | (peakFile == nil ? 0 : POSIX_SPAWN_SETPGROUP)))

        // `sh` changes directory and execs gqlpatch in place: the child waited for is gqlpatch itself.
        // `addressSpaceLimitKB` (ulimit -v) stops a run whose memory grows out of bounds before it hurts the machine.
        let limit = addressSpaceLimitKB.map { "ulimit -v \($0) && " } ?? ""
        let command =
            peakFile.map { [TestPaths.python, "-c", measuringParent, $0, folder.path, TestPaths.binary] } ?? [
                TestPaths.binary
            ]
        let argv = (["/bin/sh", "-c", "\(limit)cd \"$0\" && exec \"$@\"", folder.path] + command + arguments)
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
        guard spawned == 0 else {
            throw HarnessError("cannot start /bin/sh for \(TestPaths.binary): \(String(cString: strerror(spawned)))")
        }

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
                kill(-pid, SIGKILL)  // the measuring parent's group: gqlpatch too (ESRCH when there is none)
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
