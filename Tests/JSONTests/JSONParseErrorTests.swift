import JSON
import Testing

/// Every rejected input, with the exact message and the 1-based line and byte column.
@Suite struct JSONParseErrorTests {
    static let textCases: [(input: String, message: String, line: Int, column: Int)] = [
        // End of input.
        ("", "unexpected end of input", 1, 1),
        ("  \n ", "unexpected end of input", 2, 2),
        ("[", "unexpected end of input", 1, 2),
        ("[1,", "unexpected end of input", 1, 4),
        ("[1", "unexpected end of input", 1, 3),
        ("{", "unexpected end of input", 1, 2),
        ("{\"a\"", "unexpected end of input", 1, 5),
        ("{\"a\":", "unexpected end of input", 1, 6),
        ("{\"a\":1", "unexpected end of input", 1, 7),
        ("{\"a\":1,", "unexpected end of input", 1, 8),
        ("tru", "unexpected end of input", 1, 4),
        // Structure.
        ("[1,]", "unexpected character \"]\"", 1, 4),
        ("[,1]", "unexpected character \",\"", 1, 2),
        ("{\"a\":1,}", "expected string as object key", 1, 8),
        ("{,}", "expected string as object key", 1, 2),
        ("{1:2}", "expected string as object key", 1, 2),
        ("{'a':2}", "expected string as object key", 1, 2),
        ("{\"a\" 1}", "expected \":\" after object key", 1, 6),
        ("{\"a\",1}", "expected \":\" after object key", 1, 5),
        ("[1 2]", "expected \",\" or \"]\" after array element", 1, 4),
        ("[1}", "expected \",\" or \"]\" after array element", 1, 3),
        ("{\"a\":1 \"b\":2}", "expected \",\" or \"}\" after object member", 1, 8),
        ("{\"a\":1]", "expected \",\" or \"}\" after object member", 1, 7),
        ("}", "unexpected character \"}\"", 1, 1),
        ("[1] x", "trailing characters after JSON value", 1, 5),
        ("{} {}", "trailing characters after JSON value", 1, 4),
        ("1 2", "trailing characters after JSON value", 1, 3),
        ("truex", "trailing characters after JSON value", 1, 5),
        ("[1.5.3]", "expected \",\" or \"]\" after array element", 1, 5),
        // Not JSON: other syntaxes.
        ("'a'", "unexpected character \"'\"", 1, 1),
        ("// c\n1", "unexpected character \"/\"", 1, 1),
        ("[1 /* c */]", "expected \",\" or \"]\" after array element", 1, 4),
        ("NaN", "unexpected character \"N\"", 1, 1),
        ("Infinity", "unexpected character \"I\"", 1, 1),
        ("-Infinity", "invalid number", 1, 2),
        ("True", "unexpected character \"T\"", 1, 1),
        ("trux", "unexpected character \"x\"", 1, 4),
        ("nulL", "unexpected character \"L\"", 1, 4),
        ("t\"", "unexpected character \"\\\"\"", 1, 2),
        ("\u{01}", "unexpected character U+0001", 1, 1),
        ("\u{FEFF}1", "unexpected character \"\u{FEFF}\" (U+FEFF)", 1, 1),
        ("é", "unexpected character \"é\" (U+00E9)", 1, 1),
        ("[\u{00A0}1]", "unexpected character \"\u{00A0}\" (U+00A0)", 1, 2),
        // Numbers.
        ("01", "invalid number", 1, 2),
        ("-01", "invalid number", 1, 3),
        ("00", "invalid number", 1, 2),
        ("+1", "unexpected character \"+\"", 1, 1),
        (".5", "unexpected character \".\"", 1, 1),
        ("1.", "invalid number", 1, 3),
        ("[1.]", "invalid number", 1, 4),
        ("1.e5", "invalid number", 1, 3),
        ("1e", "invalid number", 1, 3),
        ("1e+", "invalid number", 1, 4),
        ("1e+x", "invalid number", 1, 4),
        ("-", "invalid number", 1, 2),
        ("-a", "invalid number", 1, 2),
        ("- 1", "invalid number", 1, 2),
        ("0x10", "trailing characters after JSON value", 1, 2),
        ("1e400", "number out of range", 1, 1),
        ("[0, -1.5e309]", "number out of range", 1, 5),
        // Strings.
        ("\"abc", "unterminated string", 1, 1),
        ("[\"abc\\", "unterminated string", 1, 2),
        ("[\"a\\\"]", "unterminated string", 1, 2),
        ("\"\\u12", "unterminated string", 1, 1),
        ("\"a\u{01}\"", "control character in string", 1, 3),
        ("\"a\nb\"", "control character in string", 1, 3),
        ("\"a\tb\"", "control character in string", 1, 3),
        ("\"\\n\u{1F}\"", "control character in string", 1, 4),
        ("\"\\q\"", "invalid escape \"\\q\"", 1, 2),
        ("\"ab\\'\"", "invalid escape \"\\'\"", 1, 4),
        ("\"\\x41\"", "invalid escape \"\\x\"", 1, 2),
        ("\"\\U0041\"", "invalid escape \"\\U\"", 1, 2),
        ("\"\\\u{01}\"", "invalid escape", 1, 2),
        ("\"\\u12G4\"", "invalid unicode escape", 1, 2),
        ("\"\\u 123\"", "invalid unicode escape", 1, 2),
        ("\"\\uD800\"", "unpaired surrogate \"\\uD800\"", 1, 2),
        ("\"\\ud800x\"", "unpaired surrogate \"\\ud800\"", 1, 2),
        ("\"\\uDC00\"", "unpaired surrogate \"\\uDC00\"", 1, 2),
        ("\"\\uD800\\u0041\"", "unpaired surrogate \"\\uD800\"", 1, 2),
        ("\"\\uD800\\uD800\"", "unpaired surrogate \"\\uD800\"", 1, 2),
        ("\"x\\uDE00\\uD83D\"", "unpaired surrogate \"\\uDE00\"", 1, 3),
        ("\"\\uD800\\u00G0\"", "invalid unicode escape", 1, 8),
        ("\"\\uD800\\n\"", "unpaired surrogate \"\\uD800\"", 1, 2),
        // Positions count lines (LF) and bytes, not characters.
        ("[\n  1,\n  x\n]", "unexpected character \"x\"", 3, 3),
        ("\r\n\r\n  }", "unexpected character \"}\"", 3, 3),
        ("\"é\" x", "trailing characters after JSON value", 1, 6),
        ("{\n\"a\": [1,\n2,\n]}", "unexpected character \"]\"", 4, 1),
        ("\n\n\"abc", "unterminated string", 3, 1),
    ]

    @Test(arguments: textCases)
    func rejectsText(input: String, message: String, line: Int, column: Int) {
        #expect(throws: JSONParseError(line: line, column: column, message: message)) {
            try JSONValue.parse(input)
        }
        // The byte overload reports the same error.
        #expect(throws: JSONParseError(line: line, column: column, message: message)) {
            try JSONValue.parse(Array(input.utf8))
        }
    }

    static let byteCases: [(input: [UInt8], message: String, line: Int, column: Int)] = [
        ([0x22, 0xFF, 0x22], "invalid UTF-8", 1, 2),
        ([0x22, 0x80, 0x22], "invalid UTF-8", 1, 2),
        ([0x22, 0x61, 0xC3, 0x22], "invalid UTF-8", 1, 3),  // truncated two-byte sequence
        ([0x22, 0xC3], "invalid UTF-8", 1, 2),  // truncated at end of input
        ([0x22, 0xC0, 0x80, 0x22], "invalid UTF-8", 1, 2),  // overlong NUL
        ([0x22, 0xE0, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),  // overlong three-byte
        ([0x22, 0xF0, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),  // overlong four-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", 1, 2),  // encoded surrogate U+D800
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),  // above U+10FFFF
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),
        ([0x22, 0xE2, 0x82, 0x41, 0x22], "invalid UTF-8", 1, 2),  // bad third byte
        ([0x22, 0x5C, 0x6E, 0xFF, 0x22], "invalid UTF-8", 1, 4),  // after an escape
        ([0x0A, 0x22, 0xC3, 0xA9, 0xFE, 0x22], "invalid UTF-8", 2, 4),
        ([0xFF], "invalid UTF-8", 1, 1),  // outside a string
        ([0x5B, 0x31, 0x2C, 0xC3], "invalid UTF-8", 1, 4),
        ([0x31, 0x00], "trailing characters after JSON value", 1, 2),
        ([0x00], "unexpected character U+0000", 1, 1),
    ]

    @Test(arguments: byteCases)
    func rejectsBytes(input: [UInt8], message: String, line: Int, column: Int) {
        #expect(throws: JSONParseError(line: line, column: column, message: message)) {
            try JSONValue.parse(input)
        }
    }

    @Test func nestingUpTo512LevelsIsAccepted() throws {
        let arrays = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONValue.parse(arrays)
        var depth = 0
        while case .array(let elements) = value, let first = elements.first {
            value = first
            depth += 1
        }
        #expect(depth == 511)
        #expect(value == .array([]))

        let objects = String(repeating: "{\"a\":", count: 511) + "[]" + String(repeating: "}", count: 511)
        #expect(throws: Never.self) { try JSONValue.parse(objects) }
    }

    @Test func nestingDeeperThan512LevelsIsAnError() {
        let expected = JSONParseError(line: 1, column: 513, message: "nesting deeper than 512 levels")
        let arrays = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: expected) { try JSONValue.parse(arrays) }
        let mixed = String(repeating: "[{\"k\":", count: 256) + "{}"
        #expect(throws: JSONParseError(line: 1, column: 1537, message: "nesting deeper than 512 levels")) {
            try JSONValue.parse(mixed)
        }
    }

    @Test func hundredThousandOpeningBracketsFailWithoutOverflow() {
        let expected = JSONParseError(line: 1, column: 513, message: "nesting deeper than 512 levels")
        #expect(throws: expected) { try JSONValue.parse([UInt8](repeating: UInt8(ascii: "["), count: 100_000)) }
        // Each `{"":` is four bytes: the 513th opening brace is at byte 512 × 4 + 1.
        #expect(throws: JSONParseError(line: 1, column: 2049, message: "nesting deeper than 512 levels")) {
            try JSONValue.parse(String(repeating: "{\"\":", count: 100_000))
        }
    }

    @Test func errorRendersLineColumnAndMessage() {
        let error = JSONParseError(line: 3, column: 14, message: "invalid number")
        #expect(error.description == "3:14: invalid number")
    }
}
