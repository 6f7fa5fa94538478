import GQLPatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The thin executable: gather argv, environment and the standard streams, run, exit.

// SIGINT and SIGTERM end the run with 128 + the signal and nothing more on stdout. A parent may start
// us with them blocked (Foundation's Process on Linux does): unblock them first, before any thread
// exists. While the record is being written the signal waits, so stdout never holds half a document.
let stdoutBusy = Atomic<Bool>(false)
let pendingSignal = Atomic<Int32>(0)
var interruptSignals = sigset_t()
sigemptyset(&interruptSignals)
sigaddset(&interruptSignals, SIGINT)
sigaddset(&interruptSignals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &interruptSignals, nil)
// A credential_process runs in its own process group: an interrupt ends it before gqlpatch goes.
ProcessGroupRegistry.prepare()
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber) { received in
        ProcessGroupRegistry.endAll()
        if stdoutBusy.load(ordering: .sequentiallyConsistent) {
            pendingSignal.store(received, ordering: .sequentiallyConsistent)
            return
        }
        _exit(128 + received)
    }
}

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
    writeOut: { bytes in
        stdoutBusy.store(true, ordering: .sequentiallyConsistent)
        writeAll(1, bytes)
        stdoutBusy.store(false, ordering: .sequentiallyConsistent)
        let signalNumber = pendingSignal.load(ordering: .sequentiallyConsistent)
        if signalNumber != 0 { _exit(128 + signalNumber) }
    },
    writeErr: { writeAll(2, Array($0.utf8)) },
    stdoutIsTerminal: isatty(1) == 1
)
let context = RunContext(
    console: console,
    readFile: LocalFiles.read,
    fileExists: LocalFiles.exists,
    transport: CurlTransport(certificateAuthorities: CurlTransport.certificateAuthorities(in: environment)),
    workingDirectory: LocalFiles.currentDirectory(),
    readSchemaFile: LocalFiles.readSchema
)
let code = await Application.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, context: context)
// Every output went out through write(2) already (nothing sits in a stdio buffer): end without the
// exit handlers, which would only tear down libcurl's TLS library (about a millisecond) on the way out.
_exit(code)
