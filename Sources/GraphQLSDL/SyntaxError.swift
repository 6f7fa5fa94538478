/// A lexing or parsing error, with the place it was found.
/// Renders as `FILE:LINE:COLUMN: error: MESSAGE` (for example `expected Name, found "}"`).
public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String

    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        "\(file):\(location.line):\(location.column): error: \(message)"
    }
}
