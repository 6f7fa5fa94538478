/// Parses single top-level definitions found by `DefinitionIndex`, and single fields found by
/// `FieldIndex`, with the same results (locations included) as `Parser.parse` gives them in the whole
/// document. One instance can parse any number of definitions and fields of one document, in any order.
public struct DefinitionParser: Sendable {
    private var parser: Parser

    /// `bytes` must be the document the index was scanned from; `file` is only used in error messages.
    public init(bytes: [UInt8], file: String) {
        parser = Parser(lexer: Lexer(bytes: bytes, file: file))
    }

    /// Parses the definition of `entry`. Throws the parser's error for a syntax error inside it;
    /// returns nil when the definition does not end exactly where the index says it does (the index
    /// split the document wrongly: parse the whole document instead).
    public mutating func parse(_ entry: DefinitionIndex.Entry) throws(SyntaxError) -> Definition? {
        try parse(from: entry.location, to: entry.end) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseDefinition()
        }
    }

    /// Parses the field of `entry`. Throws the parser's error for a syntax error inside it; returns
    /// nil when the field does not end exactly where the index says it does.
    public mutating func parseField(_ entry: FieldIndex.Entry) throws(SyntaxError) -> FieldDefinition? {
        try parse(from: entry.start, to: entry.end) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseFieldDefinition()
        }
    }

    /// Runs `body` on the parser placed at `start`; nil when it does not stop exactly at `end`.
    private mutating func parse<Node>(
        from start: SourceLocation, to end: Int, _ body: (inout Parser) throws(SyntaxError) -> Node
    ) throws(SyntaxError) -> Node? {
        parser.lexer.reset(to: start.offset, line: start.line, lineStart: start.offset - start.column + 1)
        parser.depth = 0
        try parser.advance()
        let node = try body(&parser)
        guard parser.token.location.offset == end else { return nil }
        return node
    }
}
