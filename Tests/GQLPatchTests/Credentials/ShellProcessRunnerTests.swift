import Foundation
import Testing

@testable import GQLPatch

@Suite struct ShellProcessRunnerTests {
    @Test(arguments: [("true", Int32(0)), ("exit 3", 3), ("false", 1), ("exit 255", 255), ("kill -9 $$", 9), ("kill -TERM $$", 15)])
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

    /// Megabytes on both pipes, written in turns and each far beyond a pipe's buffer: reading one
    /// pipe only would deadlock.
    @Test func largeOutputOnBothPipes() throws {
        let command = """
            i=0; while [ $i -lt 40 ]; do head -c 65536 /dev/zero | tr '\\0' o; head -c 98304 /dev/zero | tr '\\0' e >&2; i=$((i+1)); done; \
            head -c 3000000 /dev/zero | tr '\\0' E >&2
            """
        let result = try ShellProcessRunner.run(command, timeout: 60)
        #expect(result.status == 0)
        #expect(result.stdout.count == 40 * 65536)
        #expect(result.stdout.allSatisfy { $0 == UInt8(ascii: "o") })
        #expect(result.stderr.count == 40 * 98304 + 3_000_000)
        #expect(result.stderr.prefix(40 * 98304).allSatisfy { $0 == UInt8(ascii: "e") })
        #expect(result.stderr.suffix(3_000_000).allSatisfy { $0 == UInt8(ascii: "E") })
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
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-runner-\(UUID().uuidString)").path
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
