import Foundation

/// Runs `credential_process` command lines with `/bin/sh -c`, as the Rust and Go SDKs do. Stdin is
/// inherited (a process may prompt for MFA); stdout and stderr are captured; the process is
/// terminated after `timeout` seconds.
public enum ShellProcessRunner {
    /// How long a `credential_process` may run, in seconds.
    public static let timeout: Double = 60

    /// Runs `command` and returns its exit status and output.
    @Sendable
    public static func run(_ command: String) throws(GQLPatchError) -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw .configuration("cannot run credential_process with /bin/sh: \(error.localizedDescription)")
        }
        let output = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                output.store([UInt8](data), isError: isError)
                group.leave()
            }
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            group.wait()
            throw .configuration("credential_process did not finish within \(Int(timeout)) s")
        }
        group.wait()
        let (out, err) = output.contents
        return (process.terminationStatus, out, err)
    }
}
