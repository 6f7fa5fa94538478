import Foundation
import TestSupport
import Testing

@testable import GraphQLSDL

/// The byte scans behind `DefinitionIndex` and `FieldIndex` must agree with the lexer and parser:
/// a document the parser accepts is indexed, definition by definition and field by field, as the
/// parser reads it; a document the lexer refuses is refused.
@Suite struct ScanAgreementTests {
    /// Whether the lexer reads every token of `bytes`.
    static func lexes(_ bytes: [UInt8]) -> Bool {
        var lexer = Lexer(bytes: bytes, file: "t")
        while true {
            guard let token = try? lexer.next() else { return false }
            if token.kind == .eof { return true }
        }
    }

    /// Checks the scans of a document the parser accepts against its parse.
    static func expectIndexedAsParsed(_ bytes: [UInt8], _ document: Document) {
        guard let index = DefinitionIndex.scan(bytes) else {
            Issue.record("the scan refused a valid document: \(String(decoding: bytes, as: UTF8.self))")
            return
        }
        #expect(index.entries.count == document.definitions.count)
        var parser = DefinitionParser(bytes: bytes, file: "t")
        for (entry, definition) in zip(index.entries, document.definitions) {
            #expect((try? parser.parse(entry)) == definition)
            guard case .type(let type) = definition, type.kind == .object || type.kind == .interface else { continue }
            guard let fields = FieldIndex.scan(bytes, definition: entry) else {
                Issue.record("the field scan refused \(type.name) in \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            #expect(fields.entries.count == type.fields.count)
            for (field, parsed) in zip(fields.entries, type.fields) {
                #expect((try? parser.parseField(field)) == parsed)
                #expect(fields.type(of: field) == parsed.type)
                #expect(fields.arguments(of: field).map { fields.type(of: $0) } == parsed.arguments.map(\.type))
            }
        }
    }

    @Test(arguments: [
        "graphql/schema-kitchen-sink.graphql", "graphql/appsync-sample.graphql", "focus/schema.compiled.graphql",
    ])
    func mutatedDocuments(_ fixture: String) throws {
        let original = try Fixture.bytes(fixture)
        var generator = SplitMix64(seed: UInt64(fixture.utf8.count) &* 31)
        var valid = 0
        var unlexable = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = RobustnessTests.alphabet.randomElement(using: &generator) ?? 0
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.insert(byte, at: position)
                case 1: bytes.remove(at: position)
                default: bytes[position] = byte
                }
            }
            if let document = try? Parser.parse(bytes, file: "t") {
                valid += 1
                Self.expectIndexedAsParsed(bytes, document)
            } else if !Self.lexes(bytes) {
                unlexable += 1
                #expect(DefinitionIndex.scan(bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(valid > 0 && unlexable > 0)
    }

    /// The scans read eight bytes at a time: every token kind, shifted across word boundaries.
    static let aligned = """
        type T implements I & J @d(v: abcdefgh1a2, w: [1, -0.5e3, 7E+2, "s}"], x: {y: null}) {
          f(a: Int = 12, b: [Float] = [-0.5e3, 7], c: String = \"\"\"block } text\"\"\"): Model12345678x9 @e
          # comment with 1 and { and é
          g1234567: [[A_b_c_1!]!]!,h:Int@k(l:1)
        }
        query Q($v: [Int!] = [1, 22, 333]) { a(x: $v) { ...F b1: b2 } }
        fragment F on T { f }
        extend type T { z(q: Int = 12345678): Int0123456789 }
        """

    @Test(arguments: 0..<16)
    func everyAlignment(_ shift: Int) throws {
        for text in [Self.aligned, Self.aligned.replacingOccurrences(of: "\n", with: "\r\n")] {
            let bytes = Array((String(repeating: " ", count: shift) + text).utf8)
            Self.expectIndexedAsParsed(bytes, try Parser.parse(bytes, file: "t"))
        }
    }

    /// A document ending inside a name that has digits in its last eight bytes.
    @Test(arguments: 0..<16)
    func nameWithDigitsAtTheEnd(_ shift: Int) throws {
        let bytes = Array((String(repeating: " ", count: shift) + "type A { a(x: E = abcdefg1a2b3) : B }").utf8)
        Self.expectIndexedAsParsed(bytes, try Parser.parse(bytes, file: "t"))
    }

    /// Lexical errors inside brackets, at every alignment, are refused by the scan.
    @Test(arguments: [
        "a: Int = 01", "a: Int = 1a", "a: Int = 1.", "9abc: Int", "a: Int = \"x", "a: In\u{E9}t", "a: Int % 1",
        "a: Int = .5", "a: Int = -", "a: Int ..", "a: Int \u{7}",
    ])
    func lexicalErrorsInsideBrackets(_ inner: String) throws {
        for shift in 0..<16 {
            let bytes = Array((String(repeating: " ", count: shift) + "type A { " + inner + " }").utf8)
            #expect(!Self.lexes(bytes), "\(inner)")
            #expect(DefinitionIndex.scan(bytes) == nil, "\(inner) shifted by \(shift)")
        }
    }
}
