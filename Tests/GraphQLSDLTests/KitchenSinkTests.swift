import Testing

@testable import GraphQLSDL

/// The graphql-js kitchen-sink documents (`Tests/Fixtures/graphql/`).
@Suite struct KitchenSinkTests {
    static func schema() throws -> Document {
        try Parser.parse(try Fixture.bytes("graphql/schema-kitchen-sink.graphql"), file: "schema-kitchen-sink.graphql")
    }

    static func type(_ name: String, extension isExtension: Bool = false, in document: Document, index: Int = 0)
        throws -> TypeDefinition
    {
        let matches = document.typeDefinitions.filter { $0.name == name && $0.isExtension == isExtension }
        return try #require(matches.count > index ? matches[index] : nil)
    }

    @Test func definitionKindsInOrder() throws {
        let document = try Self.schema()
        #expect(document.definitions.count == 38)
        let types = document.typeDefinitions
        #expect(
            types.filter { !$0.isExtension }.map(\.name) == [
                "Foo", "AnnotatedObject", "UndefinedType", "Bar", "AnnotatedInterface", "UndefinedInterface", "Baz",
                "Feed", "AnnotatedUnion", "AnnotatedUnionTwo", "UndefinedUnion", "CustomScalar", "AnnotatedScalar",
                "Site", "AnnotatedEnum", "UndefinedEnum", "InputType", "OneOfInputType", "AnnotatedInput",
                "UndefinedInput",
            ])
        #expect(
            types.filter(\.isExtension).map { "\($0.kind.rawValue) \($0.name)" } == [
                "type Foo", "type Foo", "interface Bar", "interface Bar", "union Feed", "union Feed",
                "scalar CustomScalar", "enum Site", "enum Site", "input InputType", "input InputType",
            ])
    }

    @Test func schemaDefinitionAndExtensions() throws {
        let document = try Self.schema()
        let schemas = document.definitions.compactMap { if case .schema(let s) = $0 { return s } else { return nil } }
        #expect(schemas.count == 3)
        #expect(schemas[0].description == "This is a description of the schema as a whole.")
        #expect(schemas[0].operationTypes == [.query: "QueryType", .mutation: "MutationType"])
        #expect(!schemas[0].isExtension)
        #expect(schemas[0].location == GraphQLSDL.SourceLocation(line: 2, column: 1, offset: 54))
        #expect(schemas[1].isExtension && schemas[1].operationTypes.isEmpty)
        #expect(schemas[1].directives.map(\.name) == ["onSchema"])
        #expect(schemas[2].operationTypes == [.subscription: "SubscriptionType"])
    }

    @Test func objectTypeFoo() throws {
        let foo = try Self.type("Foo", in: try Self.schema())
        #expect(foo.kind == .object)
        #expect(foo.description == "This is a description\nof the `Foo` type.")
        #expect(foo.interfaces == ["Bar", "Baz", "Two"])
        #expect(foo.fields.map(\.name) == ["one", "two", "three", "four", "five", "six", "seven", "eight"])
        #expect(foo.field("one")?.description == "Description of the `one` field.")
        #expect(foo.field("two")?.description == "This is a description of the `two` field.")
        let argument = try #require(foo.field("two")?.arguments.first)
        #expect(argument.description == "This is a description of the `argument` argument.")
        #expect(argument.type == .nonNull(.named("InputType")))
        #expect(foo.field("three")?.arguments.map(\.name) == ["argument", "other"])
        #expect(foo.field("four")?.arguments.first?.defaultValue == .string("string"))
        #expect(foo.field("five")?.arguments.first?.defaultValue == .list([.string("string"), .string("string")]))
        #expect(foo.field("five")?.arguments.first?.type == .list(.named("String")))
        #expect(
            foo.field("six")?.arguments.first?.defaultValue
                == .object([ObjectField(name: "key", value: .string("value"))]))
        #expect(foo.field("seven")?.arguments.first?.defaultValue == .null)
        #expect(foo.field("eight")?.type == .named("Type"))
        #expect(foo.location == GraphQLSDL.SourceLocation(line: 11, column: 1, offset: 159))
    }

    @Test func directivesOnEveryLocation() throws {
        let document = try Self.schema()
        let annotated = try Self.type("AnnotatedObject", in: document)
        #expect(annotated.directive("onObject")?.argument("arg") == .string("value"))
        let field = try #require(annotated.field("annotatedField"))
        #expect(field.directives.map(\.name) == ["onField"])
        let argument = try #require(field.arguments.first)
        #expect(argument.defaultValue == .string("default"))
        #expect(argument.directives.map(\.name) == ["onArgumentDefinition"])
        let annotatedEnum = try Self.type("AnnotatedEnum", in: document)
        #expect(annotatedEnum.enumValues.first?.directives.map(\.name) == ["onEnumValue"])
        let input = try Self.type("AnnotatedInput", in: document)
        #expect(input.inputFields.first?.directives.map(\.name) == ["onInputFieldDefinition"])
        #expect(try Self.type("AnnotatedScalar", in: document).directives.map(\.name) == ["onScalar"])
        #expect(try Self.type("OneOfInputType", in: document).directives.map(\.name) == ["oneOf"])
    }

    @Test func interfacesUnionsEnumsInputs() throws {
        let document = try Self.schema()
        #expect(try Self.type("Baz", in: document).interfaces == ["Bar", "Two"])
        #expect(try Self.type("Baz", in: document).kind == .interface)
        #expect(try Self.type("Bar", extension: true, in: document).interfaces == ["Two"])
        #expect(try Self.type("Feed", in: document).unionMembers == ["Story", "Article", "Advert"])
        #expect(try Self.type("AnnotatedUnionTwo", in: document).unionMembers == ["A", "B"])
        #expect(try Self.type("Feed", extension: true, in: document).unionMembers == ["Photo", "Video"])
        #expect(try Self.type("UndefinedUnion", in: document).unionMembers.isEmpty)
        #expect(try Self.type("UndefinedType", in: document).fields.isEmpty)
        let site = try Self.type("Site", in: document)
        #expect(site.kind == .enumeration)
        #expect(site.enumValues.map(\.name) == ["DESKTOP", "MOBILE", "WEB"])
        #expect(
            site.enumValues.map(\.description) == [
                "This is a description of the `DESKTOP` value", "This is a description of the `MOBILE` value",
                "This is a description of the `WEB` value",
            ])
        #expect(try Self.type("Site", extension: true, in: document).enumValues.map(\.name) == ["VR"])
        let inputType = try Self.type("InputType", in: document)
        #expect(inputType.kind == .inputObject)
        #expect(inputType.inputFields.map(\.name) == ["key", "answer"])
        #expect(inputType.inputFields[1].defaultValue == .int("42"))
        let other = try #require(try Self.type("InputType", extension: true, in: document).inputFields.first)
        #expect(other.defaultValue == .float("1.23e4"))
        #expect(try Self.type("Foo", extension: true, in: document, index: 1).directives.map(\.name) == ["onType"])
        #expect(try Self.type("CustomScalar", extension: true, in: document).directives.map(\.name) == ["onScalar"])
    }

    @Test func directiveDefinitions() throws {
        let directives = try Self.schema().definitions.compactMap {
            if case .directive(let d) = $0 { return d } else { return nil }
        }
        #expect(directives.map(\.name) == ["skip", "include", "include2", "myRepeatableDir"])
        #expect(directives[0].description == "This is a description of the `@skip` directive")
        #expect(directives[0].arguments.first?.description == "This is a description of the `if` argument")
        #expect(directives[0].arguments.first?.directives.map(\.name) == ["onArgumentDefinition"])
        #expect(directives[0].locations == ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"])
        #expect(directives[1].locations == ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"])
        #expect(directives[2].locations == ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"])
        #expect(directives.map(\.isRepeatable) == [false, false, false, true])
        #expect(directives[3].locations == ["OBJECT", "INTERFACE"])
    }

    @Test func executableKitchenSink() throws {
        let document = try Parser.parse(try Fixture.bytes("graphql/kitchen-sink.graphql"), file: "kitchen-sink.graphql")
        #expect(document.definitions.count == 5)
        let operations = document.operations
        #expect(operations.map(\.operation) == [.query, .mutation, .subscription, .query])
        #expect(operations.map(\.name) == ["queryName", "likeStory", "StoryLikeSubscription", nil])
        let query = operations[0]
        #expect(query.variableDefinitions.map(\.name) == ["foo", "site"])
        #expect(query.variableDefinitions[1].defaultValue == .enumValue("MOBILE"))
        #expect(query.variableDefinitions[0].type == .named("ComplexType"))
        guard case .field(let node) = try #require(query.selectionSet.first) else {
            Issue.record("expected a field")
            return
        }
        #expect(node.alias == "whoever123is")
        #expect(node.name == "node")
        #expect(node.arguments.first?.value == .list([.int("123"), .int("456")]))
        #expect(node.selectionSet.count == 4)
        guard case .inlineFragment(let condition, let directives, let inner, _) = node.selectionSet[1] else {
            Issue.record("expected an inline fragment")
            return
        }
        #expect(condition == "User")
        #expect(directives.map(\.name) == ["defer"])
        guard case .field(let field2) = try #require(inner.first), case .field(let alias) = field2.selectionSet[1]
        else {
            Issue.record("expected fields")
            return
        }
        #expect(alias.alias == "alias")
        #expect(alias.name == "field1")
        #expect(alias.arguments.map(\.value) == [.int("10"), .variable("foo")])
        #expect(alias.directives.first?.argument("if") == .variable("foo"))
        guard case .fragmentSpread(let name, _, _) = alias.selectionSet[1] else {
            Issue.record("expected a fragment spread")
            return
        }
        #expect(name == "frag")
        guard case .inlineFragment(nil, let skip, _, _) = node.selectionSet[2] else {
            Issue.record("expected an inline fragment without type condition")
            return
        }
        #expect(skip.first?.argument("unless") == .variable("foo"))
        let fragments = document.definitions.compactMap {
            if case .fragment(let f) = $0 { return f } else { return nil }
        }
        #expect(fragments.map(\.name) == ["frag"])
        #expect(fragments.first?.typeCondition == "Friend")
        #expect(operations[3].selectionSet.count == 2)
        guard case .field(let unnamed) = operations[3].selectionSet[0] else {
            Issue.record("expected a field")
            return
        }
        #expect(unnamed.arguments.map(\.value) == [.boolean(true), .boolean(false)])
    }
}
