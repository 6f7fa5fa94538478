import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct ShellProcessRunnerTests {
    @Test(arguments: [
        ("true", Int32(0)), ("exit 3", 3), ("false", 1), ("exit 255", 255), ("kill -9 $$", 9), ("kill -TERM $$", 15),
    ])
    func exitStatus(command: String, status: Int32) throws {
        #expect(try ShellProcessRunner.run(command).status == status)
    }

    @Test func capturesStdoutAndStderrApart() throws {
        let result = try ShellProcessRunner.run("printf 'out put'; printf 'err\\nor' >&2; printf ' more'")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "out put more")
        #expect(String(decoding: result.stderr, as: UTF8.self) == "err\nor")
        #expect(result.status == 0)
    }

    @Test func runsWithTheEnvironment() throws {
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        let result = try ShellProcessRunner.run("printf '%s' \"$PATH\"")
        #expect(String(decoding: result.stdout, as: UTF8.self) == path)
    }

    /// Both pipes near the output limit, written in turns and each far beyond a pipe's buffer:
    /// reading one pipe only would deadlock.
    @Test func largeOutputOnBothPipes() throws {
        let command = """
            i=0; while [ $i -lt 12 ]; do head -c 65536 /dev/zero | tr '\\0' o; head -c 81920 /dev/zero | tr '\\0' e >&2; i=$((i+1)); done; \
            head -c 65536 /dev/zero | tr '\\0' E >&2
            """
        let result = try ShellProcessRunner.run(command, timeout: 60)
        #expect(result.status == 0)
        #expect(result.stdout.count == 12 * 65536)
        #expect(result.stdout.allSatisfy { $0 == UInt8(ascii: "o") })
        #expect(result.stderr.count == 12 * 81920 + 65536)
        #expect(result.stderr.prefix(12 * 81920).allSatisfy { $0 == UInt8(ascii: "e") })
        #expect(result.stderr.suffix(65536).allSatisfy { $0 == UInt8(ascii: "E") })
    }

    /// Issue 12, item 12: output is bounded (1 MiB a pipe). Exactly the limit is read; one byte more
    /// is refused, and what was read stops there.
    @Test(arguments: [("", "stdout"), (" >&2", "stderr")])
    func outputPastTheLimitIsRefused(redirect: String, pipe: String) throws {
        #expect(ShellProcessRunner.outputLimit == 1 << 20)
        let atLimit = try ShellProcessRunner.run(
            "head -c \(ShellProcessRunner.outputLimit) /dev/zero\(redirect)", timeout: 30)
        #expect(atLimit.status == 0)
        #expect(atLimit.stdout.count + atLimit.stderr.count == ShellProcessRunner.outputLimit)
        let error = try #require(throws: GQLPatchError.self) {
            try ShellProcessRunner.run(
                "head -c \(ShellProcessRunner.outputLimit + 1) /dev/zero\(redirect)", timeout: 30)
        }
        #expect(error.code == .configuration)
        #expect(error.message.hasPrefix("credential_process wrote more than 1 MB to \(pipe)"))
    }

    /// Endless output is stopped at the limit, not buffered until the time limit (which would be
    /// gigabytes): the error says so, not "did not finish".
    @Test func endlessOutputStopsAtTheLimit() throws {
        let error = try #require(throws: GQLPatchError.self) { try ShellProcessRunner.run("exec yes", timeout: 30) }
        #expect(error.message.hasPrefix("credential_process wrote more than 1 MB to stdout"))
    }

    /// Issue 12, item 12: at the time limit the child's whole process group is ended, not only the
    /// shell: a process it started in the background goes too.
    @Test func theTimeLimitEndsTheWholeProcessGroup() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-group-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let error = try #require(throws: GQLPatchError.self) {
            try ShellProcessRunner.run("sleep 30 & echo $! > '\(pidFile)'; wait", timeout: 1)
        }
        #expect(error.message == "credential_process did not finish within 1 s")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(pid_t(text))
        #expect(Self.endsSoon(pid), "the background sleep \(pid) still runs")
    }

    /// The child does not read gqlpatch's terminal: stdin is /dev/null.
    @Test func stdinIsDevNull() throws {
        let result = try ShellProcessRunner.run("readlink /proc/self/fd/0", timeout: 10)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "/dev/null\n")
    }

    /// Whether `pid` is gone or a zombie (dead, waiting for init to reap it) within 5 s.
    static func endsSoon(_ pid: pid_t) -> Bool {
        for _ in 0..<500 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func endsWhenTheChildEndsThoughABackgroundProcessHoldsThePipes() throws {
        // The background sleep keeps both pipes open; waiting for their end would run into the limit.
        let result = try ShellProcessRunner.run("sleep 30 & printf done", timeout: 20)
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "done")
    }

    /// No signal is blocked and none of the standard ones (1 to 31) is ignored: the C library keeps
    /// its own two real-time signals (32, 33) ignored.
    @Test func startsWithDefaultSignalsUnblocked() throws {
        let result = try ShellProcessRunner.run("grep -E '^Sig(Blk|Ign):' /proc/self/status")
        var masks: [String: UInt64] = [:]
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2 { masks[String(parts[0])] = UInt64(parts[1], radix: 16) }
        }
        #expect(masks["SigBlk:"] == 0)
        #expect(try #require(masks["SigIgn:"]) & 0x7FFF_FFFF == 0)
    }

    /// The child is killed at the time limit: SIGTERM first, SIGKILL when it ignores that.
    @Test(arguments: ["exec sleep 30", "trap '' TERM; while :; do sleep 1; done", "exec >&- 2>&-; exec sleep 30"])
    func killsTheChildAtTheTimeLimit(body: String) throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-runner-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let error = try #require(throws: GQLPatchError.self) {
            try ShellProcessRunner.run("echo $$ > '\(pidFile)'; \(body)", timeout: 1)
        }
        #expect(error.code == .configuration)
        #expect(error.message == "credential_process did not finish within 1 s")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(pid_t(text))
        // Reaped: no such process any more (not even a zombie).
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}
