/// One lexical token of a GraphQL source: its kind, its value and where it starts.
struct Token: Sendable, Hashable, CustomStringConvertible {
    /// The kind of a token. Punctuators use their source text as raw value.
    enum Kind: String, Sendable, Hashable {
        case eof = "<EOF>"
        case bang = "!"
        case dollar = "$"
        case ampersand = "&"
        case parenL = "("
        case parenR = ")"
        case spread = "..."
        case colon = ":"
        case equals = "="
        case at = "@"
        case bracketL = "["
        case bracketR = "]"
        case braceL = "{"
        case pipe = "|"
        case braceR = "}"
        case name = "Name"
        case int = "Int"
        case float = "Float"
        case string = "String"
        case blockString = "BlockString"

        /// True for the punctuator kinds (`{`, `...`, `!`, ...).
        var isPunctuator: Bool {
            switch self {
            case .eof, .name, .int, .float, .string, .blockString: return false
            default: return true
            }
        }

        /// How the kind is written in `expected X` messages: `"{"`, `Name`, `<EOF>`.
        var expectedDescription: String {
            isPunctuator ? "\"\(rawValue)\"" : rawValue
        }
    }

    var kind: Kind
    /// The name, the number text, or the string value after escapes and block-string
    /// indentation are processed. Empty for punctuators and the end of input.
    var value: String
    /// Where the token starts.
    var location: SourceLocation
    /// The byte offset just past the token.
    var end: Int
    /// For a name, its index in the lexer's `NameTable`; -1 otherwise.
    var nameIndex: Int = -1

    /// How the token is written in `found Y` messages: `"}"`, `Name "foo"`, `<EOF>`.
    var description: String {
        switch kind {
        case .eof: return kind.rawValue
        case .name, .int, .float, .string, .blockString: return "\(kind.rawValue) \"\(value)\""
        default: return "\"\(kind.rawValue)\""
        }
    }
}
