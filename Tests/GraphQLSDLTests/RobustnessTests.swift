import TestSupport
import Testing

@testable import GraphQLSDL

/// Mutated fixtures (seeded, so runs repeat) must parse or throw a `SyntaxError` whose line and column
/// agree with its byte offset: never trap, never point outside the input.
@Suite struct RobustnessTests {
    static let alphabet: [UInt8] =
        Array("{}[]()!$&:=@|.\"\\#,\n\r\t -+eE0123456789aZ_u\u{FEFF}é\u{7}".utf8) + [0xFF, 0x80, 0xC3, 0xED]

    /// The line and column of `offset`, counted the way the lexer does.
    static func lineAndColumn(_ bytes: [UInt8], _ offset: Int) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        var p = 0
        while p < offset {
            if bytes[p] == 0x0A {
                line += 1
                lineStart = p + 1
            } else if bytes[p] == 0x0D {
                if p + 1 < bytes.count, bytes[p + 1] == 0x0A, p + 1 < offset { p += 1 }
                line += 1
                lineStart = p + 1
            }
            p += 1
        }
        return (line, offset - lineStart + 1)
    }

    @Test(arguments: [
        "graphql/schema-kitchen-sink.graphql", "graphql/kitchen-sink.graphql", "graphql/appsync-sample.graphql",
    ])
    func mutatedInputsFailCleanly(fixture: String) throws {
        let original = try Fixture.bytes(fixture)
        var generator = SplitMix64(seed: UInt64(fixture.utf8.count))
        var failures = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = Self.alphabet.randomElement(using: &generator) ?? 0
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.insert(byte, at: position)
                case 1: bytes.remove(at: position)
                default: bytes[position] = byte
                }
            }
            do {
                _ = try Parser.parse(bytes, file: "m")
            } catch {
                failures += 1
                let location = error.location
                #expect(location.offset <= bytes.count)
                let (line, column) = Self.lineAndColumn(bytes, location.offset)
                #expect(location.line == line && location.column == column, "\(error)")
            }
        }
        #expect(failures > 0)
    }
}
