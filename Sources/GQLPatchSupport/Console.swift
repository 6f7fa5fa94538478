/// Where output goes: stdout carries exactly one JSON document (or JSON Lines where documented);
/// messages, warnings and traces go to stderr. Injected so tests can capture both.
///
/// A failed write to stdout (a full disk, a closed pipe) is remembered, and every later write to it is
/// dropped, so what reached stdout ends with a whole line. `write`, `checkOutput` and `finishOutput`
/// turn the failure into exit 74, so a run whose output was lost never exits 0.
public struct Console: Sendable {
    /// Writes bytes to stdout without throwing: a failure is remembered (`outputFailure`).
    public var writeOut: @Sendable ([UInt8]) -> Void
    public var writeErr: @Sendable (String) -> Void
    /// Whether stdout is a terminal (JSON is indented then, unless `--compact`).
    public var stdoutIsTerminal: Bool
    /// Whether stderr is a terminal (a preview's coloured diff is written there then, unless `NO_COLOR`).
    public var stderrIsTerminal = false
    /// Whether a write to stdout always completes soon: stdout is a regular file or `/dev/null`, not
    /// a pipe, a terminal or a socket, whose reader can stop reading for as long as it likes.
    public var stdoutNeverStalls = false
    private var closeOut: @Sendable () -> String?
    /// The first reason a write to stdout failed.
    private let failure: LockedValue<String?>

    /// Output that cannot fail (tests capture it in memory).
    public init(
        writeOut: @escaping @Sendable ([UInt8]) -> Void, writeErr: @escaping @Sendable (String) -> Void,
        stdoutIsTerminal: Bool
    ) {
        self.init(
            checkedWriteOut: { bytes in
                writeOut(bytes)
                return nil
            }, closeOut: { nil }, writeErr: writeErr, stdoutIsTerminal: stdoutIsTerminal)
    }

    /// `checkedWriteOut` answers nil when every byte was written, else why not (`No space left on
    /// device`); `closeOut` closes stdout at the end of the run (which reports what a write could not
    /// yet: NFS, delayed allocation) and answers the same way.
    public init(
        checkedWriteOut: @escaping @Sendable ([UInt8]) -> String?, closeOut: @escaping @Sendable () -> String?,
        writeErr: @escaping @Sendable (String) -> Void, stdoutIsTerminal: Bool
    ) {
        let failure = LockedValue<String?>(nil)
        self.failure = failure
        self.writeOut = { bytes in
            guard failure.current == nil else { return }
            if let reason = checkedWriteOut(bytes) { failure.withValue { $0 = $0 ?? reason } }
        }
        self.closeOut = closeOut
        self.writeErr = writeErr
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    /// Output that goes nowhere: for what must not print (a dry run's plan builds a client that
    /// never sends, so never traces).
    public static let discarding = Console(writeOut: { _ in }, writeErr: { _ in }, stdoutIsTerminal: false)

    /// One line on stderr.
    public func message(_ text: String) {
        writeErr(text + "\n")
    }

    /// Why stdout could not be written, once a write failed (nil while all went through).
    public var outputFailure: String? { failure.current }

    /// The reason a `checkedWriteOut` gives for a pipe whose reader closed it (EPIPE): `| head`
    /// closing on purpose, which ends a run quietly (`ExitCode.readerClosed`).
    public static let readerClosedReason = "its reader closed the pipe"

    /// Whether stdout failed because its reader closed it.
    public var readerClosed: Bool { failure.current == Self.readerClosedReason }

    /// Writes to stdout; exit 74 when this write, or an earlier one, failed.
    public func write(_ bytes: [UInt8]) throws(GQLPatchError) {
        writeOut(bytes)
        try checkOutput()
    }

    /// Exit 74 when a write to stdout failed.
    public func checkOutput() throws(GQLPatchError) {
        guard let reason = failure.current else { return }
        throw GQLPatchError(.ioError, "cannot write to standard output: \(reason)")
    }

    /// At the end of the run: closes stdout, then `checkOutput`. Nothing may be written after it.
    public func finishOutput() throws(GQLPatchError) {
        if failure.current == nil, let reason = closeOut() { failure.withValue { $0 = $0 ?? reason } }
        try checkOutput()
    }
}

extension Console {
    /// This console with every write passed through `scrubber` first: the one place output is
    /// written, so no secret the run knows reaches stdout or stderr whatever its source.
    public func scrubbed(by scrubber: SecretScrubber) -> Console {
        // A copy: it shares the record of a failed write and the closing of stdout with this console.
        let out = writeOut
        let err = writeErr
        var scrubbing = self
        scrubbing.writeOut = { out(scrubber.scrub($0)) }
        scrubbing.writeErr = { err(scrubber.scrub($0)) }
        return scrubbing
    }
}
