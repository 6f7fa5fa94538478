import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 12, item 12: a `credential_process` still running when gqlpatch is interrupted (SIGINT sent
/// to gqlpatch alone, as `kill -INT` or a supervisor does; SIGTERM likewise) is ended with it: it runs
/// in a process group of its own, which gqlpatch ends before it exits.
@Suite struct CredentialProcessInterruptEndToEndTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptEndsTheCredentialProcess(signalNumber: Int32) throws {
        try TestPaths.requireTools()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-cp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("pid").path
        let config = folder.appendingPathComponent("config").path
        try "[default]\ncredential_process = sleep 30 & echo $! > '\(pidFile)'; wait\n"
            .write(toFile: config, atomically: true, encoding: .utf8)

        // Spawned and waited for with wait4 (Foundation's Process would wait for every process
        // holding its exit-watch descriptor, the credential process included).
        let started = try MeasuredRun.start(
            [
                "--endpoint", "http://127.0.0.1:9/graphql", "--auth", "iam", "--region", "eu-west-1", "--schema",
                TestPaths.schema,
                "get", "Item", "--id", "1",
            ],
            environment: [
                "AWS_CONFIG_FILE": config, "AWS_SHARED_CREDENTIALS_FILE": folder.appendingPathComponent("none").path,
                "AWS_EC2_METADATA_DISABLED": "true",
            ],
            in: folder)

        // Wait (hang guard 20 s) for the credential process to have started its background sleep.
        var sleeper: pid_t?
        for _ in 0..<2_000 {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                sleeper = pid
                break
            }
            usleep(10_000)
        }
        guard let pid = sleeper else {
            kill(started.pid, SIGKILL)
            _ = try MeasuredRun.finish(started, guardSeconds: 10)
            Issue.record("the credential_process never started")
            return
        }
        kill(started.pid, signalNumber)
        let outcome = try MeasuredRun.finish(started, guardSeconds: 10)
        #expect(!outcome.killed, "gqlpatch did not exit on the signal\n\(outcome)")
        #expect(outcome.result.status == 128 + signalNumber, "\(outcome)")
        #expect(outcome.result.stdout.isEmpty, "\(outcome)")
        #expect(ProcessEnd.endsSoon(pid), "the credential_process's sleep \(pid) outlived gqlpatch")
        kill(pid, SIGKILL)
    }
}
