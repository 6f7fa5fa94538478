@testable import GraphQLSDL

/// Lexes arbitrary bytes to the end (or the first error) and checks what every token must satisfy:
/// positions move forward, stay inside the input, and agree with the line/column they report.
enum SDLLexerFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        var lexer = Lexer(bytes: bytes, file: "fuzz.graphql")
        var previousEnd = 0
        do {
            while true {
                let token = try lexer.next()
                precondition(token.location.offset >= previousEnd, "token starts before the previous one ended")
                precondition(token.end <= bytes.count, "token ends past the input")
                precondition(token.location.line >= 1 && token.location.column >= 1, "bad position")
                if token.kind == .eof { break }
                precondition(token.end > token.location.offset, "empty token")
                _ = lexer.value(of: token)
                _ = lexer.describe(token)
                previousEnd = token.end
            }
        } catch {
            precondition(error.location.offset >= 0 && error.location.offset <= bytes.count, "error outside the input")
            precondition(error.location.line >= 1 && error.location.column >= 1, "bad error position")
            _ = error.description
        }
    }
}
