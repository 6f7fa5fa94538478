import Testing

@testable import GraphQLSDL

/// The spec's BlockStringValue algorithm, on the raw text between the `"""` delimiters.
@Suite struct BlockStringTests {
    @Test(
        arguments: [
            ("", ""),
            ("single line", "single line"),
            ("  leading spaces kept on the first line", "  leading spaces kept on the first line"),
            ("\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  ", "Hello,\n  World!\n\nYours,\n  GraphQL."),
            ("\n\n  first blank lines removed\n\n\n", "first blank lines removed"),
            ("   \n  \t \n  text\n   \n", "text"),
            ("first\n    indented\n  less", "first\n  indented\nless"),
            ("  first\n  second", "  first\nsecond"),
            ("\tx\n\t\ty\n\tz", "\tx\n\ty\nz"),
            ("a\r\n  b\r  c", "a\nb\nc"),
            (
                "\n  blank lines\n\n  do not count\n      \n  for indent",
                "blank lines\n\ndo not count\n    \nfor indent"
            ),
            ("\n    \n", ""),
            ("  é\n    ü\n  ö", "  é\n  ü\nö"),
        ] as [(String, String)])
    func value(raw: String, expected: String) {
        #expect(BlockString.value(ofRawLines: Array(raw.utf8)) == expected)
    }

    @Test func descriptionInSchema() throws {
        let source = """
            type T {
              \"\"\"
                Indented description.
                  Nested \\\""" quote.

                End.
              \"\"\"
              f: Int
            }
            """
        let document = try Parser.parse(source, file: "t.graphql")
        let field = try #require(document.typeDefinitions.first?.field("f"))
        #expect(field.description == "Indented description.\n  Nested \"\"\" quote.\n\nEnd.")
    }
}
