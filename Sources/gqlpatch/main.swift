import GQLPatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The thin executable: gather argv, environment and the standard streams, run, exit.

/// Writes all bytes to a file descriptor, retrying short writes.
@Sendable func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}

let console = Console(
    writeOut: { writeAll(1, $0) },
    writeErr: { writeAll(2, Array($0.utf8)) },
    stdoutIsTerminal: isatty(1) == 1
)
let context = RunContext(
    console: console,
    readFile: LocalFiles.read,
    fileExists: LocalFiles.exists,
    transport: URLSessionTransport(),
    workingDirectory: LocalFiles.currentDirectory()
)
let code = await Application.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, context: context)
exit(code)
