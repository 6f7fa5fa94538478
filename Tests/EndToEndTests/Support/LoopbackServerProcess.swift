import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Python test server (emulator, AWS stub, hostile server) run on a free loopback port: started
/// with `--port-file`, waited for until it listens, stopped with SIGTERM (SIGKILL after 5 s).
enum LoopbackServerProcess {
    /// Starts `TestPaths.python` with `arguments` (which must include `--port-file portFile`), its
    /// stderr in `folder/<name>.stderr`, and returns the process and the port it bound.
    static func start(_ name: String, arguments: [String], portFile: URL, folder: URL) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.python)
        process.arguments = arguments
        let errorLog = folder.appendingPathComponent("\(name).stderr")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
                let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return (process, port)
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        stop(process)
        let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        throw HarnessError("the \(name) did not start within 30 s:\n\(log)")
    }

    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
