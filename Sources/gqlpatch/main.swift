import GQLPatchCLI
import GQLPatchClient
import GQLPatchSupport
import HTTP
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
// A closed stdout is an EPIPE to handle (a quiet end, or apply's summary), never SIGPIPE's sudden
// end, whatever the parent left the signal as; the children it starts (a credential_process, an
// editor) get the default back.
signal(SIGPIPE, SIG_IGN)
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

/// Writes all bytes to a file descriptor, retrying short writes: nil when all went out, else errno.
@Sendable func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    DescriptorWrite.all(bytes, to: fd)
}

@Sendable func describe(_ code: Int32) -> String {
    code == EPIPE ? Console.readerClosedReason : String(cString: strerror(code))
}

/// A C string's bytes, as the kernel gave them: not yet decoded (argv and the environment are checked
/// for UTF-8 by the library, never repaired).
func bytes(of pointer: UnsafeMutablePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
}

let rawArguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map(bytes(of:)) }
var rawEnvironment: [[UInt8]] = []
var entry = environ
while let pointer = entry.pointee {
    rawEnvironment.append(bytes(of: pointer))
    entry += 1
}
let environment = ProcessEnvironment(raw: rawEnvironment)

let console = Console(
    checkedWriteOut: { bytes in
        stdoutBusy.store(true, ordering: .sequentiallyConsistent)
        let failed = writeAll(1, bytes)
        stdoutBusy.store(false, ordering: .sequentiallyConsistent)
        let signalNumber = pendingSignal.load(ordering: .sequentiallyConsistent)
        if signalNumber != 0 { _exit(128 + signalNumber) }
        return failed.map(describe)
    },
    closeOut: {
        // close(2) reports what write(2) could not yet (NFS, quotas). EBADF: stdout was never open, and
        // a write would have said so; EINTR: the descriptor is closed all the same on Linux.
        guard close(1) != 0, errno != EBADF, errno != EINTR else { return nil }
        return describe(errno)
    },
    writeErr: { _ = writeAll(2, Array($0.utf8)) },
    stdoutIsTerminal: isatty(1) == 1
)
var terminalConsole = console
terminalConsole.stderrIsTerminal = isatty(2) == 1
terminalConsole.stdoutNeverStalls = {
    var info = stat()
    guard fstat(1, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind == S_IFREG || (kind == S_IFCHR && isatty(1) == 0)
}()
var context = RunContext(
    console: terminalConsole,
    files: .local,
    transports: StandardTransport.maker(
        certificateAuthorities: CertificateAuthorities.bundle(in: environment.values),
        environment: environment.values),
    workingDirectory: LocalFiles.currentDirectory()
)
// A question (a bulk write's count to confirm) is asked only of a person at a terminal.
if isatty(0) == 1, isatty(2) == 1 { context.ask = TerminalQuestion.ask }
let code = await Application.run(rawArguments: rawArguments, environment: environment, context: context)
// Every output went out through write(2) already (nothing sits in a stdio buffer): end without the
// exit handlers, which would only tear down libcurl's TLS library (about a millisecond) on the way out.
_exit(code)
