/// A cell (or a header) of tabular input that does not fit the schema: its line and column (both
/// 1-based) and what is wrong, worded without the place.
public struct CSVCellProblem: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}
