/// What is wrong in tabular input, and where: the line (1-based, counting every line break, those
/// inside quoted fields too) and the field's position in its record (1-based).
public struct CSVProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}
