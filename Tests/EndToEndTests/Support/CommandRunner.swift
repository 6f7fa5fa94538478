import Foundation

/// Runs a program to completion with arguments, extra environment and standard input.
enum CommandRunner {
    /// A child that exits before reading its standard input (a run refused before it starts) must
    /// not end the test process with SIGPIPE: the write fails instead, and the test reads the exit.
    private static let pipeSignalIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
        workingDirectory: String? = nil, timeout: TimeInterval = 60, stdoutToFile: Bool = false
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // Never let the developer's own settings leak into a test run.
        for key in env.keys where key.hasPrefix("GQLPATCH_") || key.hasPrefix("AWS_") { env[key] = nil }
        // Nor a proxy: gqlpatch refuses credentials for a loopback endpoint through a remote one.
        for key in env.keys where key.lowercased().hasSuffix("_proxy") { env[key] = nil }
        // Nor a cache folder of theirs: a test that caches (tokens, guest identities) names its own.
        env["XDG_CACHE_HOME"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        // A file instead of a pipe: `apply` then runs its tasks on the HTTP thread (ApplyCommand).
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-out-\(UUID().uuidString)")
        if stdoutToFile {
            _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: outFile)
        } else {
            process.standardOutput = outPipe
        }
        defer { if stdoutToFile { try? FileManager.default.removeItem(at: outFile) } }
        process.standardError = errPipe
        process.standardInput = inPipe
        CommandRunner.pipeSignalIgnored
        try process.run()
        if let stdin { try? inPipe.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? inPipe.fileHandleForWriting.close()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        if !stdoutToFile {
            DispatchQueue.global().async(group: group) { outData = outPipe.fileHandleForReading.readDataToEndOfFile() }
        }
        DispatchQueue.global().async(group: group) { errData = errPipe.fileHandleForReading.readDataToEndOfFile() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        if stdoutToFile { outData = (try? Data(contentsOf: outFile)) ?? Data() }
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
