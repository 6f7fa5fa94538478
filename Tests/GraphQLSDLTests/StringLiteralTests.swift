import Testing

@testable import GraphQLSDL

@Suite struct StringLiteralTests {
    @Test func escapesWhatTheLexerUnescapes() throws {
        let text = "a \"b\" \\ c\nd\re\tf\u{1} é ✓"
        let literal = StringLiteral.quoted(text)
        #expect(literal == #""a \"b\" \\ c\nd\re\tf\u0001 é ✓""#)
        // The lexer reads the literal back to the same text.
        let document = try Parser.parse("type T @d(v: \(literal)) { f: Int }", file: "t.graphql")
        #expect(document.typeDefinitions.first?.directives.first?.argument("v") == .string(text))
    }
}
