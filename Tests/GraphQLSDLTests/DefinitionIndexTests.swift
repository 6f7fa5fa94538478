import Foundation
import Testing

@testable import GraphQLSDL

@Suite struct DefinitionIndexTests {
    /// Scans and parses every entry alone; the definitions must equal the whole-document parse's.
    func expectSameAsWholeParse(_ bytes: [UInt8]) throws {
        let scanned = DefinitionIndex.scan(bytes)
        #expect(scanned != nil, "the scan refused the document")
        guard let index = scanned else { return }
        let document = try Parser.parse(bytes, file: "f.graphql")
        #expect(index.entries.count == document.definitions.count)
        var parser = DefinitionParser(bytes: bytes, file: "f.graphql")
        for (entry, definition) in zip(index.entries, document.definitions) {
            #expect(try parser.parse(entry) == definition)
        }
        // In reverse order too: each parse starts afresh at its entry.
        for (entry, definition) in zip(index.entries, document.definitions).reversed() {
            #expect(try parser.parse(entry) == definition)
        }
    }

    @Test(arguments: [
        "graphql/kitchen-sink.graphql", "graphql/schema-kitchen-sink.graphql", "graphql/appsync-sample.graphql",
        "library/library.graphql", "focus/library.compiled.graphql", "focus/schema.compiled.graphql",
    ])
    func fixturesParseDefinitionByDefinition(_ path: String) throws {
        try expectSameAsWholeParse(try Fixture.bytes(path))
    }

    static let tricky = """
        # a comment with { and ( and "
        "A description with } and ) and \\" inside"
        type A implements B & C @d(x: "}") {
          "field } description" f(a: String = "{"): [Int!]! @e(list: [1, 2.5e3, -0, "]"])
          g: String # } comment inside
        }
        \"\"\"
        Block string with } and \\\""" and a "quoted" word
          and a second line {
        \"\"\"
        scalar type
        union U = | type | input
        extend union U = query
        directive @d(x: String = ")") repeatable on FIELD_DEFINITION | ARGUMENT_DEFINITION
        enum E { type input }
        extend schema @d(x: "schema")
        schema { query: A }
        input I { a: [[String!]!] = [["x"]] }
        interface B { f: Int }
        query Q($v: Int = 1) { a { ...F } }
        fragment F on A { b }
        { c }
        """

    @Test func trickyInputs() throws {
        let bytes = Array(Self.tricky.utf8)
        try expectSameAsWholeParse(bytes)
        let index = try #require(DefinitionIndex.scan(bytes))
        let summary = index.entries.map {
            "\($0.isExtension ? "extend " : "")\($0.keyword.rawValue) \($0.name) \($0.location.line):\($0.location.column)"
        }
        #expect(
            summary == [
                "type A 2:1", "scalar type 7:1", "union U 12:1", "extend union U 13:1", "directive d 14:1",
                "enum E 15:1",
                "extend schema  16:1", "schema  17:1", "input I 18:1", "interface B 19:1", "query Q 20:1",
                "fragment F 21:1",
                "{  22:1",
            ])
        #expect(index.entries(named: "U").count == 2)
        #expect(index.entries(.schema).count == 2)
        #expect(index.entries.last?.end == bytes.count)
        #expect(index.entries[0].end == index.entries[1].location.offset)
    }

    @Test(arguments: [
        "type A { a: Int }", "type A { a: Int }\ntype B { b: Int }", "\"d\" type A { a: Int }", "schema { query: Q }",
        "type A\n", "scalar S",
    ])
    func small(_ text: String) throws {
        try expectSameAsWholeParse(Array(text.utf8))
    }

    @Test func carriageReturnsAndByteOrderMark() throws {
        try expectSameAsWholeParse(
            [0xEF, 0xBB, 0xBF] + Array("type A {\r\n  a: Int\r}\r\n\"\"\"x\r\ny\"\"\"\rscalar S".utf8))
    }

    /// Inputs the scan refuses, so that the whole document is parsed and the exact error reported.
    @Test(arguments: [
        "type A { a: String }\ninput B { b: String = \"unterminated }\n",
        "type A { a: Int }}",
        "type A { a: Int ",
        "type A { a: [Int) }",
        "type A { a: Int ? }",
        "type A { a: Int } foo",
        "\"description\" extend type A { a: Int }",
        "\"description\" query { a }",
        "type { a: Int }",
        "extend directive @d on FIELD",
        "type A { a: Int = 01 }",
        "type A { a: String = \"\\q\" }",
        "scalar S 1",
    ])
    func refusedInputs(_ text: String) throws {
        #expect(DefinitionIndex.scan(Array(text.utf8)) == nil)
        #expect(throws: SyntaxError.self) { try Parser.parse(text, file: "f.graphql") }
    }

    @Test func invalidUTF8InCommentIsRefused() {
        #expect(DefinitionIndex.scan(Array("# a ".utf8) + [0xC3, 0x28] + Array("\ntype A { a: Int }".utf8)) == nil)
    }

    /// A syntax error inside a definition is the parser's, at the same place as in a whole parse.
    @Test func errorInsideADefinitionIsThePartsOwn() throws {
        let text = "type A { a: Int }\n\ntype B {\n  b String\n}\n"
        let bytes = Array(text.utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        var parser = DefinitionParser(bytes: bytes, file: "f.graphql")
        #expect(try parser.parse(index.entries[0]) != nil)
        #expect(
            throws: SyntaxError(
                file: "f.graphql", location: SourceLocation(line: 4, column: 5, offset: 32),
                message: "expected \":\", found Name \"String\"")
        ) {
            try parser.parse(index.entries[1])
        }
        #expect(
            throws: SyntaxError(
                file: "f.graphql", location: SourceLocation(line: 4, column: 5, offset: 32),
                message: "expected \":\", found Name \"String\"")
        ) {
            try Parser.parse(bytes, file: "f.graphql")
        }
    }

    @Test func lookupByName() throws {
        let bytes = Array("type A { a: Int }\nscalar B\nextend type A @d\ndirective @A on FIELD\n{ c }\n".utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        #expect(index.hasRepeatedNames)
        #expect(index.indices(named: "A") == [0, 2, 3])
        #expect(index.firstIndex(named: "A") == 0)
        #expect(index.nextIndex(sameNameAs: 0) == 2)
        #expect(index.nextIndex(sameNameAs: 2) == 3)
        #expect(index.nextIndex(sameNameAs: 3) == nil)
        #expect(index.indices(named: "B") == [1])
        #expect(index.firstIndex(named: "C") == nil)
        #expect(index.firstIndex(named: "") == nil)
        #expect(index.entries(named: "Ab").isEmpty)
        let single = try #require(DefinitionIndex.scan(Array("type A { a: Int }\nscalar B".utf8)))
        #expect(!single.hasRepeatedNames)
    }

    /// Thousands of names (the name table grows several times) are all found, and only they.
    @Test func manyNames() throws {
        let names = (0..<6000).map { "Model\($0)Input" }
        let bytes = Array(names.map { "input \($0) { a: Int }" }.joined(separator: "\n").utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        for (position, name) in names.enumerated() {
            #expect(index.indices(named: name) == [position])
        }
        #expect(index.firstIndex(named: "Model6000Input") == nil)
        #expect(index.firstIndex(named: "Model1Inpu") == nil)
    }

    /// Brackets nested deeper than the scan's limit are refused; the parser refuses them too.
    @Test func deepNestingIsRefused() throws {
        let deep = String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100)
        let text = "type A { a(x: Int = \(deep)): Int }"
        #expect(DefinitionIndex.scan(Array(text.utf8)) == nil)
        #expect(throws: SyntaxError.self) { try Parser.parse(text, file: "f.graphql") }
        let shallow = "type A { a(x: Int = [[[1]]]): Int }"
        #expect(DefinitionIndex.scan(Array(shallow.utf8)) != nil)
    }
}
