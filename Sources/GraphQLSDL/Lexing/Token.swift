/// One lexical token of a GraphQL source: its kind and where it is. A plain value with no
/// references, so the parser copies it for free; `Lexer.value(of:)` gives its text.
struct Token: Sendable, Hashable {
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
    /// Where the token starts.
    var location: SourceLocation
    /// The byte offset just past the token.
    var end: Int
    /// For a name, its index in the lexer's `NameTable`; -1 otherwise.
    var nameIndex: Int = -1
}
