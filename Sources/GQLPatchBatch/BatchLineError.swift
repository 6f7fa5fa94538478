/// Why one line of `apply` input was refused: its line, the column for JSON syntax errors, and the reason.
package struct BatchLineError: Error, Sendable, Equatable {
    package var line: Int
    /// The byte column of a JSON syntax error; nil for errors about the content.
    package var column: Int?
    package var message: String

    package init(line: Int, column: Int?, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `SOURCE:LINE:COLUMN: error: MESSAGE` (or `SOURCE:LINE: error: MESSAGE` without a column).
    package func rendered(source: String) -> String {
        let place = column.map { "\(source):\(line):\($0)" } ?? "\(source):\(line)"
        return "\(place): error: \(message)"
    }
}
