import Testing

@testable import GraphQLSDL

/// One source that must fail, with the exact message and where it points.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var source: String
    var line: Int
    var column: Int
    var message: String

    init(_ source: String, _ line: Int, _ column: Int, _ message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { message }
}

@Suite struct SyntaxErrorTests {
    static let cases: [ErrorCase] = [
        // Parser: expected X, found Y.
        ErrorCase("type Foo {}", 1, 11, "expected Name, found \"}\""),
        ErrorCase("type Foo { a String }", 1, 14, "expected \":\", found Name \"String\""),
        ErrorCase("schema", 1, 7, "expected \"{\", found <EOF>"),
        ErrorCase("type Foo { a: Int = 3 }", 1, 19, "expected Name, found \"=\""),
        ErrorCase("type A {\n  b: [Int\n}", 3, 1, "expected \"]\", found \"}\""),
        ErrorCase("type A { b(x: Int 3): Int }", 1, 19, "expected Name, found Int \"3\""),
        ErrorCase("type A { b(x: \"s\"): Int }", 1, 15, "expected Name, found String \"s\""),
        ErrorCase("directive @d(a: Int)", 1, 21, "expected \"on\", found <EOF>"),
        ErrorCase("fragment F T { a }", 1, 12, "expected \"on\", found Name \"T\""),
        ErrorCase("\"\"\"\n  doc\n\"\"\"\ntype A { b: }", 4, 13, "expected Name, found \"}\""),
        ErrorCase("{ a(x: 1.5 }", 1, 12, "expected Name, found \"}\""),
        // Parser: unexpected Y.
        ErrorCase("foo", 1, 1, "unexpected Name \"foo\""),
        ErrorCase("type A { a: Int }\nextend foo B", 2, 8, "unexpected Name \"foo\""),
        ErrorCase("", 1, 1, "unexpected <EOF>"),
        ErrorCase("}", 1, 1, "unexpected \"}\""),
        ErrorCase("\"described\" query { a }", 1, 13, "unexpected Name \"query\""),
        ErrorCase("extend type Foo", 1, 16, "unexpected <EOF>"),
        ErrorCase("extend schema", 1, 14, "unexpected <EOF>"),
        ErrorCase("extend scalar S\ntype T", 2, 1, "unexpected Name \"type\""),
        ErrorCase("schema { other: Q }", 1, 10, "unexpected Name \"other\""),
        ErrorCase("directive @d on FIELD | FOO", 1, 25, "unexpected Name \"FOO\""),
        ErrorCase("query { a(x: ) }", 1, 14, "unexpected \")\""),
        ErrorCase("fragment on on T { a }", 1, 10, "unexpected Name \"on\""),
        ErrorCase("enum E { A true }", 1, 12, "Name \"true\" is reserved and cannot be used for an enum value"),
        // Variables only where the spec allows them.
        ErrorCase("type Q { f(a: Int = $x): Int }", 1, 21, "unexpected variable \"$x\" in constant value"),
        ErrorCase("type Q @key(a: [1, $v]) { f: Int }", 1, 20, "unexpected variable \"$v\" in constant value"),
        ErrorCase("query ($a: Int = $b) { f }", 1, 18, "unexpected variable \"$b\" in constant value"),
        // Lexer: strings.
        ErrorCase("scalar S @d(a: \"abc)", 1, 16, "unterminated string"),
        ErrorCase("scalar S @d(a: \"abc\n\")", 1, 16, "unterminated string"),
        ErrorCase("scalar S @d(a: \"\"\"abc\n\n)", 1, 16, "unterminated string"),
        ErrorCase("scalar S @d(a: \"\\q\")", 1, 17, "invalid character escape sequence: \\q"),
        ErrorCase("scalar S @d(a: \"\\u12G4\")", 1, 17, "invalid Unicode escape sequence: \\u12G4"),
        ErrorCase("scalar S @d(a: \"\\uD800\")", 1, 17, "invalid Unicode escape sequence: \\uD800"),
        ErrorCase("scalar S @d(a: \"\\uDC00\")", 1, 17, "invalid Unicode escape sequence: \\uDC00"),
        ErrorCase("scalar S @d(a: \"\\u{110000}\")", 1, 17, "invalid Unicode escape sequence: \\u{110000}"),
        ErrorCase("scalar S @d(a: \"a\u{7}b\")", 1, 18, "invalid character within string: \"\\u0007\""),
        ErrorCase("\"\"\"\nline\u{1}\"\"\" scalar S", 2, 5, "invalid character within string: \"\\u0001\""),
        // Lexer: numbers.
        ErrorCase("scalar S @d(a: 1x)", 1, 17, "invalid number, expected digit but got \"x\""),
        ErrorCase("scalar S @d(a: 00)", 1, 17, "invalid number, unexpected digit after 0: \"0\""),
        ErrorCase("scalar S @d(a: 1.)", 1, 18, "invalid number, expected digit but got \")\""),
        ErrorCase("scalar S @d(a: 1.", 1, 18, "invalid number, expected digit but got <EOF>"),
        ErrorCase("scalar S @d(a: 1e)", 1, 18, "invalid number, expected digit but got \")\""),
        ErrorCase("scalar S @d(a: 1.5e+)", 1, 21, "invalid number, expected digit but got \")\""),
        ErrorCase("scalar S @d(a: 1.5.3)", 1, 19, "invalid number, expected digit but got \".\""),
        ErrorCase("scalar S @d(a: -x)", 1, 17, "invalid number, expected digit but got \"x\""),
        ErrorCase("scalar S @d(a: .5)", 1, 16, "unexpected character \".\""),
        // Lexer: characters.
        ErrorCase("type A { a: Int } %", 1, 19, "unexpected character \"%\""),
        ErrorCase("type A {\r\n  a: Int\r\n  ?\r\n}", 3, 3, "unexpected character \"?\""),
        ErrorCase("scalar S @d(a: \"é\") %", 1, 22, "unexpected character \"%\""),
        ErrorCase("scalar S\u{7}", 1, 9, "unexpected character \"\\u0007\""),
        ErrorCase("scalar S é", 1, 10, "unexpected character \"é\""),
        ErrorCase("scalar S ..", 1, 10, "unexpected character \".\""),
    ]

    @Test(arguments: cases)
    func reportsMessageAndPosition(_ testCase: ErrorCase) {
        #expect(
            throws: SyntaxError(
                file: "t.graphql", location: location(testCase.source, testCase.line, testCase.column),
                message: testCase.message)
        ) {
            try Parser.parse(testCase.source, file: "t.graphql")
        }
    }

    /// The byte offset of line:column in `source` (lines end at `\n`, `\r\n` or `\r`).
    func location(_ source: String, _ line: Int, _ column: Int) -> GraphQLSDL.SourceLocation {
        let bytes = Array(source.utf8)
        var currentLine = 1
        var p = 0
        while currentLine < line, p < bytes.count {
            if bytes[p] == 0x0A || (bytes[p] == 0x0D && (p + 1 == bytes.count || bytes[p + 1] != 0x0A)) {
                currentLine += 1
            }
            p += 1
        }
        return GraphQLSDL.SourceLocation(line: line, column: column, offset: p + column - 1)
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22] as [UInt8], 2),
        ([0x22, 0x61, 0xC3, 0x22] as [UInt8], 3),  // truncated two-byte sequence
        ([0x22, 0xED, 0xA0, 0x80, 0x22] as [UInt8], 2),  // encoded surrogate
        ([0x22, 0xC0, 0xAF, 0x22] as [UInt8], 2),  // overlong
        ([0x23, 0x20, 0xFE, 0x0A] as [UInt8], 3),  // in a comment
        (Array("scalar A ".utf8) + [0x80], 10),  // outside any token
        ([0x22, 0x22, 0x22, 0xF5, 0x80, 0x80, 0x80, 0x22, 0x22, 0x22] as [UInt8], 4),  // above U+10FFFF
    ])
    func invalidUTF8(bytes: [UInt8], column: Int) {
        #expect(
            throws: SyntaxError(
                file: "b.graphql", location: GraphQLSDL.SourceLocation(line: 1, column: column, offset: column - 1),
                message: "invalid UTF-8")
        ) {
            try Parser.parse(bytes, file: "b.graphql")
        }
    }

    @Test func rendersCompilerStyleLine() throws {
        let error = try #require(throws: SyntaxError.self) {
            try Parser.parse("type Foo {\n  a String\n}\n", file: "schema.graphql")
        }
        #expect(error.description == "schema.graphql:2:5: error: expected \":\", found Name \"String\"")
    }

    @Test func rendersLexerErrorWithFile() throws {
        let error = try #require(throws: SyntaxError.self) {
            try Parser.parse("# comment\nscalar S @d(a: \"x\\q\")", file: "dir/app.graphql")
        }
        #expect(error.description == "dir/app.graphql:2:18: error: invalid character escape sequence: \\q")
    }

    @Test func rendersEndOfInput() throws {
        let error = try #require(throws: SyntaxError.self) {
            try Parser.parse("type Q {\n  a: [Int!]!\n", file: "q.graphql")
        }
        #expect(error.description == "q.graphql:3:1: error: expected Name, found <EOF>")
    }
}
