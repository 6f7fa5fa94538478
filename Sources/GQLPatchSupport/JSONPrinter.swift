import JSON

/// Prints JSON documents to stdout: indented on a terminal or with `--pretty`, compact otherwise.
public struct JSONPrinter: Sendable {
    public var pretty: Bool

    public init(pretty: Bool?, console: Console) {
        self.pretty = pretty ?? console.stdoutIsTerminal
    }

    /// The bytes of one document followed by a newline.
    public func render(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: pretty)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Prints one document; exit 74 when stdout cannot be written.
    public func print(_ value: JSONValue, to console: Console) throws(GQLPatchError) {
        try console.write(render(value))
    }

    /// One JSON Lines record: compact, one line, whatever `--pretty` says.
    public static func line(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
