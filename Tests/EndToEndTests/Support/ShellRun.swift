import Foundation

/// Runs the built `gqlpatch` through `/bin/sh`, for what `Process` cannot express: arguments and
/// environment values that are not UTF-8 (Foundation takes `String`s, which cannot hold such bytes),
/// and a standard output redirected to a file such as `/dev/full`.
enum ShellRun {
    /// One argument or environment value, as raw bytes.
    struct Word: Sendable, ExpressibleByStringLiteral {
        var bytes: [UInt8]
        init(bytes: [UInt8]) { self.bytes = bytes }
        init(stringLiteral text: String) { bytes = Array(text.utf8) }
        init(_ text: String) { bytes = Array(text.utf8) }

        /// The word as a shell expression: `"$(printf '\NNN...')"` with every byte in octal, so no byte
        /// reaches the shell's parser as itself. (No newlines: command substitution drops trailing ones.)
        var shellExpression: String {
            "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
        }
    }

    /// `gqlpatch ARGUMENTS` with `environment` set (raw values) and stdout sent to `stdoutPath` (nil: captured).
    static func run(
        _ arguments: [Word], environment: [(String, Word)] = [], stdoutPath: String? = nil, in folder: URL? = nil,
        timeout: Double = 60
    ) throws -> ProcessResult {
        try TestPaths.requireTools()
        var script = ""
        for (name, value) in environment { script += "\(name)=\(value.shellExpression); export \(name); " }
        script += "exec \"$0\" " + arguments.map(\.shellExpression).joined(separator: " ")
        if let stdoutPath { script += " >'\(stdoutPath)'" }
        return try CommandRunner.run(
            "/bin/sh", ["-c", script, TestPaths.binary],
            workingDirectory: (folder ?? FileManager.default.temporaryDirectory).path,
            timeout: timeout)
    }
}
