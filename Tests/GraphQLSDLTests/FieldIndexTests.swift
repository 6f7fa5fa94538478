import Testing

@testable import GraphQLSDL

@Suite struct FieldIndexTests {
    /// Indexes the fields of every object and interface definition of `bytes` and checks each entry
    /// against the whole-document parse: name, locations, type, arguments, and `parseField`.
    func expectSameAsWholeParse(_ bytes: [UInt8]) throws {
        let document = try Parser.parse(bytes, file: "f.graphql")
        let index = try #require(DefinitionIndex.scan(bytes))
        var parser = DefinitionParser(bytes: bytes, file: "f.graphql")
        var checked = 0
        for (entry, definition) in zip(index.entries, document.definitions) {
            guard case .type(let type) = definition, type.kind == .object || type.kind == .interface else {
                #expect(FieldIndex.scan(bytes, definition: entry) == nil, "\(entry.name) is no object type")
                continue
            }
            let fields = try #require(FieldIndex.scan(bytes, definition: entry), "\(entry.name)")
            #expect(fields.entries.map(\.name) == type.fields.map(\.name))
            for (field, parsed) in zip(fields.entries, type.fields) {
                #expect(field.location == parsed.location)
                #expect(fields.type(of: field) == parsed.type)
                #expect(field.typeName == parsed.type.namedType)
                #expect(field.typeIsList == parsed.type.isList)
                #expect(field.typeIsNonNull == parsed.type.isNonNull)
                #expect(fields.arguments(of: field).map(\.name) == parsed.arguments.map(\.name))
                for (argument, parsedArgument) in zip(fields.arguments(of: field), parsed.arguments) {
                    #expect(fields.type(of: argument) == parsedArgument.type)
                    #expect(fields.typeName(of: argument) == parsedArgument.type.namedType)
                    #expect(argument.typeIsList == parsedArgument.type.isList)
                    #expect(argument.typeIsNonNull == parsedArgument.type.isNonNull)
                }
                #expect(try parser.parseField(field) == parsed)
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test(arguments: [
        "graphql/schema-kitchen-sink.graphql", "graphql/appsync-sample.graphql", "library/library.graphql",
        "focus/library.compiled.graphql", "focus/schema.compiled.graphql",
    ])
    func fixturesMatchTheWholeParse(_ path: String) throws {
        try expectSameAsWholeParse(try Fixture.bytes(path))
    }

    static let tricky = """
        # } a comment before
        "A type } with ) braces in its description"
        type Query implements Node & Other @key(fields: "{ id }") @dir(obj: {a: [1, {b: "}"}]}) {
          "field } description" get(id: ID!, "arg ) description" other: [String] = ["}", ")"]): Item # } comment
          \"\"\"
          Block } description
          \"\"\"
          list(filter: Filter = {and: [{x: {eq: 1}}]}, limit: Int = -20, after: String = "{"): [Item!]! @deprecated(reason: "}")
          nested : [ [ Int ! ] ] , plain: Int
          late(
            # a comment ( inside
            a: Boolean = true @onArg(x: [1.5e3])
          ): Item!
        }
        """

    @Test func trickyInputs() throws {
        let bytes = Array(Self.tricky.utf8)
        try expectSameAsWholeParse(bytes)
        let index = try #require(DefinitionIndex.scan(bytes))
        let fields = try #require(FieldIndex.scan(bytes, definition: index.entries[0]))
        let summary = fields.entries.map {
            "\($0.name) \($0.start.line):\($0.start.column) \($0.location.line):\($0.location.column) \($0.typeName)"
        }
        #expect(
            summary == [
                "get 4:3 4:25 Item", "list 5:3 8:3 Item", "nested 9:3 9:3 Int", "plain 9:28 9:28 Int",
                "late 10:3 10:3 Item",
            ])
        // Each entry ends where the next field (or the closing brace) starts.
        let ends = fields.entries.map(\.end)
        #expect(Array(ends.dropLast()) == fields.entries.dropFirst().map(\.start.offset))
        #expect(bytes[ends.last!] == UInt8(ascii: "}"))
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        #expect(fields.entries.map { text($0.typeRange) } == ["Item", "[Item!]!", "[ [ Int ! ] ]", "Int", "Item!"])
        #expect(fields.arguments.map(\.name) == ["id", "other", "filter", "limit", "after", "a"])
        #expect(
            fields.arguments.map { text($0.typeRange) } == ["ID!", "[String]", "Filter", "Int", "String", "Boolean"])
        #expect(fields.argument(named: "other", of: fields.entries[0])?.typeIsList == true)
        #expect(fields.argument(named: "limit", of: fields.entries[0]) == nil)
        #expect(fields.entry(named: "late")?.typeIsNonNull == true)
        #expect(fields.entry(named: "missing") == nil)
        #expect(fields.indices(named: "plain") == [3])
        #expect(!fields.hasDuplicateNames)
    }

    @Test func extensionsInterfacesAndTypesWithoutFields() throws {
        let text =
            "type A\nextend type A @d\nextend type A { a: Int }\ninterface I { i(x: Int): I }\nextend interface I { j: Int }"
        let bytes = Array(text.utf8)
        try expectSameAsWholeParse(bytes)
        let index = try #require(DefinitionIndex.scan(bytes))
        let counts = try index.entries.map { try #require(FieldIndex.scan(bytes, definition: $0)).entries.count }
        #expect(counts == [0, 0, 1, 1, 1])
    }

    @Test func duplicateFieldNames() throws {
        let bytes = Array("type Mutation {\n  a: Int\n  b: Int\n  a(x: Int): String\n}\n".utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        let fields = try #require(FieldIndex.scan(bytes, definition: index.entries[0]))
        #expect(fields.hasDuplicateNames)
        #expect(fields.indices(named: "a") == [0, 2])
        #expect(fields.entry(named: "a")?.typeName == "Int")
        #expect(fields.entries[2].location == SourceLocation(line: 4, column: 3, offset: 36))
    }

    @Test func carriageReturnsAndLongNames() throws {
        try expectSameAsWholeParse(
            Array("type A {\r\n  a_very_long_field_name_1234567890(x: Int): Int\r  b: B\r\n}\r\n".utf8))
    }

    /// Definitions of other kinds have no field index.
    @Test(arguments: ["input A { a: Int }", "enum E { A }", "scalar S", "union U = A", "directive @d on FIELD"])
    func otherKindsAreRefused(_ text: String) throws {
        let bytes = Array(text.utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        #expect(FieldIndex.scan(bytes, definition: index.entries[0]) == nil)
        _ = try Parser.parse(bytes, file: "f.graphql")
    }

    /// Fields the scan cannot read: callers then parse the definition for the exact error.
    @Test(arguments: [
        "type A { }", "type A { a Int }", "type A { a: }", "type A { a(): Int }", "type A { a(x): Int }",
        "type A { a: [] }", "type A { a: Int [Int] }", "type A { a: Int @ }", "type A { a(x: Int = ): Int }",
        "type A { a(x: Int = $v): Int }", "type A { 1: Int }", "type A { \"d\" }", "type A { a: Int! ! }",
        "type A implements { a: Int }", "type A implements & { a: Int }", "type A implements B & { a: Int }",
        "type A @ { a: Int }", "extend type A", "type A B { a: Int }",
    ])
    func grammarErrorsAreRefused(_ text: String) throws {
        let bytes = Array(text.utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        #expect(FieldIndex.scan(bytes, definition: index.entries[0]) == nil)
        #expect(throws: SyntaxError.self) { try Parser.parse(bytes, file: "f.graphql") }
    }

    /// Default values and directive arguments are only checked token by token: their grammar errors
    /// come from `parseField`, at the same line and column as in a whole parse.
    @Test(arguments: [
        ("type A {\n  ok: Int\n  bad(x: In = {a 1}): Int\n}", 3, 18, "expected \":\", found Int \"1\""),
        ("type A {\n  bad: Int @d(x)\n}", 2, 16, "expected \":\", found \")\""),
        ("type A {\n  bad(x: [Int] = [1, {a: }]): Int\n}", 2, 26, "unexpected \"}\""),
    ])
    func errorsInsideAFieldAreTheParsers(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        let bytes = Array(text.utf8)
        let index = try #require(DefinitionIndex.scan(bytes))
        let fields = try #require(FieldIndex.scan(bytes, definition: index.entries[0]))
        let bad = try #require(fields.entry(named: "bad"))
        var parser = DefinitionParser(bytes: bytes, file: "f.graphql")
        var fieldError: SyntaxError?
        do { _ = try parser.parseField(bad) } catch { fieldError = error }
        var wholeError: SyntaxError?
        do { _ = try Parser.parse(bytes, file: "f.graphql") } catch { wholeError = error }
        let error = try #require(fieldError)
        #expect(error == wholeError)
        #expect(error.location.line == line && error.location.column == column)
        #expect(error.message == message)
    }
}
