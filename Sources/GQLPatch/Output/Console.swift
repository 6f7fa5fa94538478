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
