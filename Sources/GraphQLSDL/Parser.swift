/// Parses GraphQL documents (SDL and executable definitions) from UTF-8 bytes.
/// PLACEHOLDER: the implementation lands with the lexer.
public struct Parser: Sendable {
    /// Parses a whole document. `file` is only used in error messages.
    public static func parse(_ bytes: [UInt8], file: String) throws(SyntaxError) -> Document {
        throw SyntaxError(file: file, location: SourceLocation(line: 1, column: 1, offset: 0), message: "parser not implemented")
    }

    public static func parse(_ text: String, file: String) throws(SyntaxError) -> Document {
        try parse(Array(text.utf8), file: file)
    }
}
