/// Where output goes: stdout carries exactly one JSON document (or JSON Lines where documented);
/// messages, warnings and traces go to stderr. Injected so tests can capture both.
public struct Console: Sendable {
    public var writeOut: @Sendable ([UInt8]) -> Void
    public var writeErr: @Sendable (String) -> Void
    /// Whether stdout is a terminal (JSON is indented then, unless `--compact`).
    public var stdoutIsTerminal: Bool

    public init(
        writeOut: @escaping @Sendable ([UInt8]) -> Void, writeErr: @escaping @Sendable (String) -> Void,
        stdoutIsTerminal: Bool
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    /// One line on stderr.
    public func message(_ text: String) {
        writeErr(text + "\n")
    }
}

extension Console {
    /// This console with every write passed through `scrubber` first: the one place output is
    /// written, so no secret the run knows reaches stdout or stderr whatever its source.
    public func scrubbed(by scrubber: SecretScrubber) -> Console {
        let out = writeOut
        let err = writeErr
        return Console(
            writeOut: { out(scrubber.scrub($0)) }, writeErr: { err(scrubber.scrub($0)) }, stdoutIsTerminal: stdoutIsTerminal)
    }
}
