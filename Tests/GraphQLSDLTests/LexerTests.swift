import TestSupport
import Testing

@testable import GraphQLSDL

@Suite struct LexerTests {
    /// A token with the text the lexer gives for it while it is the current token.
    struct Lexed {
        var kind: Token.Kind
        var value: String
        var description: String
        var location: GraphQLSDL.SourceLocation
        var nameIndex: Int
    }

    /// All tokens of `source` up to and including `<EOF>`.
    static func tokens(_ source: String) throws -> [Lexed] {
        var lexer = Lexer(bytes: Array(source.utf8), file: "t")
        var tokens: [Lexed] = []
        repeat {
            let token = try lexer.next()
            tokens.append(
                Lexed(
                    kind: token.kind, value: lexer.value(of: token), description: lexer.describe(token),
                    location: token.location, nameIndex: token.nameIndex))
        } while tokens.last?.kind != .eof
        return tokens
    }

    static func single(_ source: String) throws -> Lexed {
        let all = try tokens(source)
        try #require(all.count == 2)
        return all[0]
    }

    @Test func punctuators() throws {
        let tokens = try Self.tokens("! $ & ( ) ... : = @ [ ] { | }")
        #expect(
            tokens.map(\.kind) == [
                .bang, .dollar, .ampersand, .parenL, .parenR, .spread, .colon, .equals, .at, .bracketL, .bracketR,
                .braceL, .pipe, .braceR, .eof,
            ])
        #expect(tokens.map(\.kind.rawValue).joined(separator: " ") == "! $ & ( ) ... : = @ [ ] { | } <EOF>")
        #expect(tokens.map(\.location.column) == [1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25, 27, 29, 30])
    }

    @Test(
        arguments: [
            ("name", Token.Kind.name, "name"), ("_under_score9", .name, "_under_score9"), ("query", .name, "query"),
            ("0", .int, "0"), ("-0", .int, "-0"), ("42", .int, "42"), ("-9007199254740993", .int, "-9007199254740993"),
            ("1.5", .float, "1.5"), ("-0.25", .float, "-0.25"), ("1e10", .float, "1e10"),
            ("6.02E+23", .float, "6.02E+23"),
            ("1.23e-4", .float, "1.23e-4"), ("0e0", .float, "0e0"),
            ("\"\"", .string, ""), ("\"simple\"", .string, "simple"), ("\" spaces \"", .string, " spaces "),
            ("\"tab\there\"", .string, "tab\there"), ("\"unicode é 😀\"", .string, "unicode é 😀"),
            ("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"", .string, "\" \\ / \u{8} \u{C} \n \r \t"),
            ("\"\\u0041\\u00e9\\u20AC\"", .string, "Aé€"),
            ("\"\\uD83D\\uDE00\"", .string, "😀"),
            ("\"\\u{1F600}\\u{41}\"", .string, "😀A"),
            ("\"\"\"block\"\"\"", .blockString, "block"),
            ("\"\"\"with \\\"\"\" quotes\"\"\"", .blockString, "with \"\"\" quotes"),
            ("\"\"\"no \\n escapes\"\"\"", .blockString, "no \\n escapes"),
        ] as [(String, Token.Kind, String)])
    func valueTokens(source: String, kind: Token.Kind, value: String) throws {
        let token = try Self.single(source)
        #expect(token.kind == kind)
        #expect(token.value == value)
        #expect(token.location == GraphQLSDL.SourceLocation(line: 1, column: 1, offset: 0))
    }

    @Test func ignoredTokensAndPositions() throws {
        // BOM, whitespace, commas, comments and every line terminator are skipped; columns count bytes.
        let source = "\u{FEFF}a,,b # comment é\r\n  c\rd\n\t\"é\" e"
        let tokens = try Self.tokens(source)
        #expect(tokens.map(\.value) == ["a", "b", "c", "d", "é", "e", ""])
        #expect(
            tokens.map(\.location) == [
                GraphQLSDL.SourceLocation(line: 1, column: 4, offset: 3),
                GraphQLSDL.SourceLocation(line: 1, column: 7, offset: 6),
                GraphQLSDL.SourceLocation(line: 2, column: 3, offset: 24),
                GraphQLSDL.SourceLocation(line: 3, column: 1, offset: 26),
                GraphQLSDL.SourceLocation(line: 4, column: 2, offset: 29),
                GraphQLSDL.SourceLocation(line: 4, column: 7, offset: 34),
                GraphQLSDL.SourceLocation(line: 4, column: 8, offset: 35),
            ])
    }

    @Test func blockStringAdvancesLines() throws {
        let tokens = try Self.tokens("\"\"\"\n  one\r\n  two\r  \"\"\" next")
        #expect(tokens[0].value == "one\ntwo")
        #expect(tokens[1].location == GraphQLSDL.SourceLocation(line: 4, column: 7, offset: 23))
    }

    @Test func tokenDescriptions() throws {
        let tokens = try Self.tokens("{ foo 3 1.5 \"x\" \"\"\"y\"\"\" ...")
        #expect(
            tokens.map(\.description) == [
                "\"{\"", "Name \"foo\"", "Int \"3\"", "Float \"1.5\"", "String \"x\"", "BlockString \"y\"", "\"...\"",
                "<EOF>",
            ])
    }

    @Test func namesAreShared() throws {
        var lexer = Lexer(bytes: Array("Alpha Beta Alpha alpha".utf8), file: "t")
        var indices: [Int] = []
        for _ in 0..<4 { indices.append(try lexer.next().nameIndex) }
        #expect(indices == [0, 1, 0, 2])
        #expect(lexer.names.names == ["Alpha", "Beta", "alpha"])
    }

    @Test func manyDistinctNamesSurviveTableGrowth() throws {
        let names = (0..<5000).map { "name\($0)" }
        let tokens = try Self.tokens((names + names).joined(separator: " "))
        #expect(tokens.dropLast().map(\.value) == names + names)
        #expect(tokens[5000].nameIndex == 0)
        #expect(tokens[9999].nameIndex == 4999)
    }

    @Test func leadingNameBytesMatchesByteByByte() {
        var generator = SplitMix64(seed: 7)
        let interesting: [UInt8] = Array("09AZaz_@[`{/:".utf8) + [0x00, 0x7F, 0x80, 0xC1, 0xDF, 0xFF, 0x20, 0x5F, 0xE1]
        for _ in 0..<20_000 {
            let lanes = (0..<8).map { _ in interesting.randomElement(using: &generator) ?? 0 }
            let word = lanes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
            let expected = lanes.firstIndex { !Ascii.isNameContinue($0) } ?? 8
            #expect(Ascii.leadingNameBytes(word) == expected, "\(lanes)")
        }
        for byte in 0...255 {
            let c = UInt8(byte)
            let reference =
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
            #expect(Ascii.isNameContinue(c) == reference)
            #expect((Ascii.leadingNameBytes(UInt64(c) | 0x4141_4141_4141_4100) > 0) == reference)
        }
    }

    @Test func nameAtEndOfInputInternsLikeOneInTheMiddle() throws {
        // Names near the end are scanned byte by byte, others eight bytes at a time: both must agree.
        for length in 1...20 {
            let name = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            let tokens = try Self.tokens("\(name) \(name) padding_padding_padding \(name)")
            #expect(tokens[0].value == name)
            #expect(tokens[1].nameIndex == tokens[0].nameIndex)
            #expect(tokens[3].nameIndex == tokens[0].nameIndex, "length \(length)")
        }
    }
}
