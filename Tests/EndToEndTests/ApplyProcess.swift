import Foundation

/// A `gqlpatch apply` run in the background, so a test can interrupt or kill it part-way.
final class ApplyProcess: @unchecked Sendable {
    // @unchecked: owned by one test; the output file is only read after the writes it waits for.
    let process = Process()
    let stdoutPath: URL
    let stderrPath: URL

    /// `stdout`: where the process's standard output goes instead of a file of its own (`/dev/full`).
    init(_ arguments: [String], in folder: URL, stdout: String? = nil, environment extra: [String: String] = [:]) throws
    {
        try TestPaths.requireTools()
        stdoutPath = folder.appendingPathComponent("apply-\(UUID().uuidString).out")
        stderrPath = folder.appendingPathComponent("apply-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: stdoutPath.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: TestPaths.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("GQLPATCH_") || key.hasPrefix("AWS_") { environment[key] = nil }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: stdout.map(URL.init(fileURLWithPath:)) ?? stdoutPath)
        process.standardError = try FileHandle(forWritingTo: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stdout: String { (try? String(contentsOf: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits until stdout holds at least `lines` lines (or the process ends); false on timeout.
    func waitForOutput(lines: Int, timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.split(separator: "\n").count >= lines { return true }
            if !process.isRunning { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the end and returns the exit status (128 + signal for a killed process).
    func wait(timeout: TimeInterval = 120) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            throw HarnessError("gqlpatch apply did not finish within \(timeout) s\n\(stderr)")
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }
}
