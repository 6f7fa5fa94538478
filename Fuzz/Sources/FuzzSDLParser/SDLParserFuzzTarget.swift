import GraphQLSDL

/// Parses arbitrary bytes as a GraphQL document (SDL and executable definitions). A syntax error is
/// fine; a trap, an error outside the input or a position that disagrees with its offset is not.
enum SDLParserFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        do {
            let document = try Parser.parse(bytes, file: "fuzz.graphql")
            _ = document.definitions.count
        } catch {
            let location = error.location
            precondition(location.offset >= 0 && location.offset <= bytes.count, "error outside the input")
            precondition(location.line >= 1 && location.column >= 1, "bad error position")
            var line = 1
            var lineStart = 0
            for index in 0..<location.offset
            where bytes[index] == 10 || (bytes[index] == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) {
                line += 1
                lineStart = index + 1
            }
            precondition(
                location.line == line, "error line \(location.line) but offset \(location.offset) is on line \(line)")
            precondition(location.column == location.offset - lineStart + 1, "error column disagrees with its offset")
            _ = error.description
        }
    }
}
