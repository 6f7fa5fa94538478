import Testing

@testable import GraphQLSDL

@Suite struct ParserTests {
    static func parse(_ source: String) throws -> Document {
        try Parser.parse(source, file: "t.graphql")
    }

    @Test func keywordsAreNotReserved() throws {
        let document = try Self.parse(
            """
            type type implements interface { query: input, on(type: enum = enum): schema extend: fragment }
            enum enum { type query null_ }
            """)
        let type = try #require(document.typeDefinitions.first)
        #expect(type.name == "type")
        #expect(type.interfaces == ["interface"])
        #expect(type.fields.map(\.name) == ["query", "on", "extend"])
        #expect(type.field("on")?.arguments.first?.defaultValue == .enumValue("enum"))
        #expect(document.typeDefinitions[1].enumValues.map(\.name) == ["type", "query", "null_"])
    }

    @Test func valueLiterals() throws {
        let document = try Self.parse(
            """
            scalar S @d(a: -12, b: 0.5e-3, c: "s", d: \"\"\"  block\"\"\", e: true, f: false, g: null, h: RED,
              i: [], j: {}, k: [1, [2, {x: [3]}]], l: {nested: {deep: ["v"]}, other: -0})
            """)
        let directive = try #require(document.typeDefinitions.first?.directive("d"))
        #expect(directive.arguments.map(\.name) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"])
        #expect(directive.argument("a") == .int("-12"))
        #expect(directive.argument("b") == .float("0.5e-3"))
        #expect(directive.argument("c") == .string("s"))
        #expect(directive.argument("d") == .string("  block"))
        #expect(directive.argument("e") == .boolean(true))
        #expect(directive.argument("f") == .boolean(false))
        #expect(directive.argument("g") == .null)
        #expect(directive.argument("h") == .enumValue("RED"))
        #expect(directive.argument("i") == .list([]))
        #expect(directive.argument("j") == .object([]))
        #expect(
            directive.argument("k")
                == .list([.int("1"), .list([.int("2"), .object([ObjectField(name: "x", value: .list([.int("3")]))])])]))
        #expect(
            directive.argument("l")
                == .object([
                    ObjectField(
                        name: "nested", value: .object([ObjectField(name: "deep", value: .list([.string("v")]))])),
                    ObjectField(name: "other", value: .int("-0")),
                ]))
    }

    @Test func typeReferences() throws {
        let type = try #require(
            try Self.parse("type T { a: Int, b: Int!, c: [Int], d: [Int!]!, e: [[ID]!] }").typeDefinitions.first)
        #expect(type.fields.map(\.type.description) == ["Int", "Int!", "[Int]", "[Int!]!", "[[ID]!]"])
        #expect(type.field("d")?.type == .nonNull(.list(.nonNull(.named("Int")))))
        #expect(type.field("e")?.type.namedType == "ID")
    }

    @Test func interfacesImplementInterfacesAndLeadingDelimiters() throws {
        let document = try Self.parse(
            """
            interface Node { id: ID! }
            interface Entity implements & Node & Other { id: ID! }
            type A implements Entity { id: ID! }
            union U = | A | B
            directive @d(x: Int = 1 @meta) repeatable on | FIELD_DEFINITION | OBJECT
            """)
        #expect(document.typeDefinitions[1].kind == .interface)
        #expect(document.typeDefinitions[1].interfaces == ["Node", "Other"])
        #expect(document.typeDefinitions[3].unionMembers == ["A", "B"])
        guard case .directive(let directive) = document.definitions[4] else {
            Issue.record("expected a directive definition")
            return
        }
        #expect(directive.isRepeatable)
        #expect(directive.locations == ["FIELD_DEFINITION", "OBJECT"])
        #expect(directive.arguments.first?.defaultValue == .int("1"))
        #expect(directive.arguments.first?.directives.map(\.name) == ["meta"])
    }

    @Test func descriptionsEverywhere() throws {
        let document = try Self.parse(
            """
            "scalar" scalar S
            "union" union U = A
            "enum" enum E { "value" V }
            "input" input I { "field" f: Int = 3 }
            "type" type T { "field" f("arg" a: Int): Int }
            "directive" directive @d on FIELD
            "schema" schema { query: T }
            """)
        let types = document.typeDefinitions
        #expect(types.map(\.description) == ["scalar", "union", "enum", "input", "type"])
        #expect(types[2].enumValues.first?.description == "value")
        #expect(types[3].inputFields.first?.description == "field")
        #expect(types[4].fields.first?.description == "field")
        #expect(types[4].fields.first?.arguments.first?.description == "arg")
        guard case .directive(let directive) = document.definitions[5],
            case .schema(let schema) = document.definitions[6]
        else {
            Issue.record("expected directive and schema definitions")
            return
        }
        #expect(directive.description == "directive")
        #expect(schema.description == "schema")
    }

    @Test func extensionsOfEveryKind() throws {
        let document = try Self.parse(
            """
            extend scalar S @a
            extend type T implements I
            extend interface I @a
            extend union U = V
            extend enum E { X }
            extend input In { f: Int }
            extend schema { mutation: M }
            """)
        #expect(
            document.typeDefinitions.map(\.kind) == [.scalar, .object, .interface, .union, .enumeration, .inputObject])
        #expect(document.typeDefinitions.allSatisfy { $0.isExtension })
        #expect(document.typeDefinitions.map(\.location.line) == [1, 2, 3, 4, 5, 6])
        #expect(document.typeDefinitions.allSatisfy { $0.location.column == 1 })
        guard case .schema(let schema) = document.definitions[6] else {
            Issue.record("expected a schema extension")
            return
        }
        #expect(schema.isExtension)
        #expect(schema.operationTypes == [.mutation: "M"])
    }

    @Test func locationsPointAtTheConstruct() throws {
        let type = try #require(try Self.parse("\"d\"\ntype T @k {\n  f(a: Int): Int @x\n}").typeDefinitions.first)
        #expect(type.location == GraphQLSDL.SourceLocation(line: 2, column: 1, offset: 4))
        #expect(type.directives.first?.location == GraphQLSDL.SourceLocation(line: 2, column: 8, offset: 11))
        let field = try #require(type.field("f"))
        #expect(field.location == GraphQLSDL.SourceLocation(line: 3, column: 3, offset: 18))
        #expect(field.arguments.first?.location == GraphQLSDL.SourceLocation(line: 3, column: 5, offset: 20))
        #expect(field.directives.first?.location == GraphQLSDL.SourceLocation(line: 3, column: 18, offset: 33))
    }

    @Test func executableDocument() throws {
        let document = try Self.parse(
            """
            mutation Update($input: UpdateTodoInput!, $cond: ModelTodoConditionInput = {name: {eq: "x"}} @v) @op {
              updateTodo(input: $input, condition: $cond) { id _version ...Rest ... on Todo @skip(if: true) { name } }
            }
            fragment Rest on Todo @f { createdAt }
            query { a }
            """)
        let mutation = document.operations[0]
        #expect(mutation.operation == .mutation)
        #expect(mutation.name == "Update")
        #expect(
            mutation.variableDefinitions.map(\.type.description) == ["UpdateTodoInput!", "ModelTodoConditionInput"])
        #expect(
            mutation.variableDefinitions[1].defaultValue
                == .object([
                    ObjectField(name: "name", value: .object([ObjectField(name: "eq", value: .string("x"))]))
                ]))
        #expect(mutation.variableDefinitions[1].directives.map(\.name) == ["v"])
        #expect(mutation.directives.map(\.name) == ["op"])
        guard case .field(let update) = try #require(mutation.selectionSet.first) else {
            Issue.record("expected a field")
            return
        }
        #expect(update.arguments.map(\.value) == [.variable("input"), .variable("cond")])
        #expect(update.selectionSet.count == 4)
        #expect(
            update.selectionSet[2]
                == .fragmentSpread(
                    name: "Rest", directives: [], location: GraphQLSDL.SourceLocation(line: 2, column: 61, offset: 163))
        )
        #expect(document.operations[1].operation == .query)
        #expect(document.operations[1].name == nil)
    }

    // MARK: - Nesting depth

    static func nestedList(_ depth: Int) -> String {
        "scalar S @d(a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ")"
    }

    static func nestedSelections(_ depth: Int) -> String {
        String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
    }

    static func nestedType(_ depth: Int) -> String {
        "type T { f: " + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth) + " }"
    }

    @Test func nestingUpToTheLimitParses() throws {
        _ = try Self.parse(Self.nestedList(256))
        _ = try Self.parse(Self.nestedSelections(256))
        _ = try Self.parse(Self.nestedType(256))
        _ = try Self.parse(
            "scalar S @d(a: " + String(repeating: "{a: ", count: 256) + "1" + String(repeating: "}", count: 256) + ")")
    }

    static func nestedMixed(_ depth: Int) -> String {
        "scalar S @d(a: " + String(repeating: "[{a: ", count: depth) + ")"
    }

    /// The 257th level is refused, whatever mixes the levels, and never overflows the stack.
    @Test(
        arguments: [
            ("list", 257, 272), ("list", 100_000, 272), ("selections", 257, 1025), ("type", 257, 269),
            ("list and object", 200, 656),
        ] as [(String, Int, Int)])
    func nestingTooDeep(kind: String, depth: Int, column: Int) {
        let source: String
        switch kind {
        case "list": source = Self.nestedList(depth)
        case "selections": source = Self.nestedSelections(depth)
        case "type": source = Self.nestedType(depth)
        default: source = Self.nestedMixed(depth)
        }
        let thrown = #expect(throws: SyntaxError.self) { try Self.parse(source) }
        #expect(thrown?.location == GraphQLSDL.SourceLocation(line: 1, column: column, offset: column - 1))
        #expect(thrown?.message == "nesting too deep")
    }
}
