/// Parses GraphQL documents (type-system and executable definitions) from UTF-8 bytes.
///
/// A recursive-descent parser: one `mutating` method per grammar production, each with the
/// production as its doc comment, over a one-token lookahead from `Lexer`. Keywords are not
/// reserved: they are `Name` tokens checked by value.
public struct Parser: Sendable {
    /// The deepest nesting of list and object values, list types and selection sets accepted.
    static let maxDepth = 256

    var lexer: Lexer
    /// The current (not yet consumed) token.
    var token: Token
    /// Current nesting depth of values, list types and selection sets.
    var depth = 0

    /// A parser over `lexer` whose current token is a placeholder: call `advance()` before parsing.
    init(lexer: Lexer) {
        self.lexer = lexer
        token = Token(kind: .eof, location: SourceLocation(line: 1, column: 1, offset: 0), end: 0)
    }

    init(bytes: [UInt8], file: String) throws(SyntaxError) {
        lexer = Lexer(bytes: bytes, file: file)
        token = try lexer.next()
    }

    /// Parses a whole document. `file` is only used in error messages.
    public static func parse(_ bytes: [UInt8], file: String) throws(SyntaxError) -> Document {
        var parser = try Parser(bytes: bytes, file: file)
        return try parser.parseDocument()
    }

    /// Parses a whole document from text. `file` is only used in error messages.
    public static func parse(_ text: String, file: String) throws(SyntaxError) -> Document {
        try parse(Array(text.utf8), file: file)
    }

    // MARK: - Combinators

    /// True when the current token has the given kind.
    func peek(_ kind: Token.Kind) -> Bool {
        token.kind == kind
    }

    /// True when the current token is the `Name` `keyword`.
    func peekKeyword(_ keyword: String) -> Bool {
        token.kind == .name && tokenValue == keyword
    }

    /// Consumes the current token.
    mutating func advance() throws(SyntaxError) {
        token = try lexer.next()
    }

    /// Consumes the current token and returns its value.
    mutating func advanceValue() throws(SyntaxError) -> String {
        let value = tokenValue
        token = try lexer.next()
        return value
    }

    /// The value of the current token (see `Lexer.value(of:)`).
    var tokenValue: String {
        lexer.value(of: token)
    }

    /// The current token as written in `found Y` messages.
    var found: String {
        lexer.describe(token)
    }

    /// Consumes a token of the given kind, or fails with `expected X, found Y`.
    mutating func expect(_ kind: Token.Kind) throws(SyntaxError) {
        guard token.kind == kind else {
            throw error("expected \(kind.expectedDescription), found \(found)")
        }
        try advance()
    }

    /// Consumes a token of the given kind if it is the current one.
    mutating func expectOptional(_ kind: Token.Kind) throws(SyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the `Name` `keyword`, or fails with `expected "keyword", found Y`.
    mutating func expectKeyword(_ keyword: String) throws(SyntaxError) {
        guard peekKeyword(keyword) else {
            throw error("expected \"\(keyword)\", found \(found)")
        }
        try advance()
    }

    /// Consumes the `Name` `keyword` if it is the current token.
    mutating func expectOptionalKeyword(_ keyword: String) throws(SyntaxError) -> Bool {
        guard peekKeyword(keyword) else { return false }
        try advance()
        return true
    }

    /// `open item+ close`: one or more items between delimiters.
    mutating func many<T>(
        _ open: Token.Kind, _ item: (inout Parser) throws(SyntaxError) -> T, _ close: Token.Kind
    ) throws(SyntaxError) -> [T] {
        try expect(open)
        var items: [T] = []
        // Most lists are short: one allocation instead of growing through capacities 1, 2 and 4.
        items.reserveCapacity(4)
        repeat {
            items.append(try item(&self))
        } while try !expectOptional(close)
        return items
    }

    /// `(open item+ close)?`: empty when the current token is not `open`.
    mutating func optionalMany<T>(
        _ open: Token.Kind, _ item: (inout Parser) throws(SyntaxError) -> T, _ close: Token.Kind
    ) throws(SyntaxError) -> [T] {
        guard peek(open) else { return [] }
        return try many(open, item, close)
    }

    /// `open item* close`: zero or more items between delimiters.
    mutating func any<T>(
        _ open: Token.Kind, _ item: (inout Parser) throws(SyntaxError) -> T, _ close: Token.Kind
    ) throws(SyntaxError) -> [T] {
        try expect(open)
        var items: [T] = []
        while try !expectOptional(close) {
            items.append(try item(&self))
        }
        return items
    }

    /// `delimiter? item (delimiter item)*`, as in `implements & A & B` or `= | A | B`.
    mutating func delimitedMany<T>(
        _ delimiter: Token.Kind, _ item: (inout Parser) throws(SyntaxError) -> T
    ) throws(SyntaxError) -> [T] {
        _ = try expectOptional(delimiter)
        var items: [T] = []
        repeat {
            items.append(try item(&self))
        } while try expectOptional(delimiter)
        return items
    }

    /// Runs `body` one nesting level deeper; fails with `nesting too deep` past `maxDepth`.
    mutating func nested<T>(_ body: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> T {
        guard depth < Parser.maxDepth else { throw error("nesting too deep") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    /// An error at the current token.
    func error(_ message: String) -> SyntaxError {
        SyntaxError(file: lexer.file, location: token.location, message: message)
    }

    /// `unexpected Y` for the current token.
    func unexpected() -> SyntaxError {
        error("unexpected \(found)")
    }

    // MARK: - Document

    /// Document : Definition+
    mutating func parseDocument() throws(SyntaxError) -> Document {
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while !peek(.eof)
        return Document(definitions: definitions)
    }

    /// Definition : ExecutableDefinition | TypeSystemDefinition | TypeSystemExtension
    mutating func parseDefinition() throws(SyntaxError) -> Definition {
        if peek(.braceL) { return .operation(try parseOperationDefinition()) }
        if peek(.string) || peek(.blockString) { return try parseTypeSystemDefinition() }
        guard peek(.name) else { throw unexpected() }
        switch tokenValue {
        case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
        case "fragment": return .fragment(try parseFragmentDefinition())
        case "extend": return try parseTypeSystemExtension()
        default: return try parseTypeSystemDefinition()
        }
    }
}
