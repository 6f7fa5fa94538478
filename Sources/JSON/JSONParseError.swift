/// Why a text is not JSON, and where (1-based line and byte column).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: MESSAGE`; callers prefix the file name.
    public var description: String { "\(line):\(column): \(message)" }
}
