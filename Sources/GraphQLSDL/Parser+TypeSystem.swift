/// Type-system definitions and extensions (SDL).
extension Parser {
    /// TypeSystemDefinition : SchemaDefinition | TypeDefinition | DirectiveDefinition
    /// TypeDefinition : ScalarTypeDefinition | ObjectTypeDefinition | InterfaceTypeDefinition
    ///   | UnionTypeDefinition | EnumTypeDefinition | InputObjectTypeDefinition
    mutating func parseTypeSystemDefinition() throws(SyntaxError) -> Definition {
        let description = try parseDescription()
        guard peek(.name) else { throw unexpected() }
        switch tokenValue {
        case "schema": return .schema(try parseSchemaDefinition(description: description))
        case "directive": return .directive(try parseDirectiveDefinition(description: description))
        case "scalar": return .type(try parseScalarTypeDefinition(description: description, extend: nil))
        case "type": return .type(try parseObjectTypeDefinition(.object, description: description, extend: nil))
        case "interface":
            return .type(try parseObjectTypeDefinition(.interface, description: description, extend: nil))
        case "union": return .type(try parseUnionTypeDefinition(description: description, extend: nil))
        case "enum": return .type(try parseEnumTypeDefinition(description: description, extend: nil))
        case "input": return .type(try parseInputObjectTypeDefinition(description: description, extend: nil))
        default: throw unexpected()
        }
    }

    /// TypeSystemExtension : SchemaExtension | TypeExtension
    /// TypeExtension : ScalarTypeExtension | ObjectTypeExtension | InterfaceTypeExtension
    ///   | UnionTypeExtension | EnumTypeExtension | InputObjectTypeExtension
    mutating func parseTypeSystemExtension() throws(SyntaxError) -> Definition {
        let start = token.location
        try expectKeyword("extend")
        guard peek(.name) else { throw unexpected() }
        switch tokenValue {
        case "schema": return .schema(try parseSchemaExtension(start: start))
        case "scalar": return .type(try parseScalarTypeDefinition(description: nil, extend: start))
        case "type": return .type(try parseObjectTypeDefinition(.object, description: nil, extend: start))
        case "interface": return .type(try parseObjectTypeDefinition(.interface, description: nil, extend: start))
        case "union": return .type(try parseUnionTypeDefinition(description: nil, extend: start))
        case "enum": return .type(try parseEnumTypeDefinition(description: nil, extend: start))
        case "input": return .type(try parseInputObjectTypeDefinition(description: nil, extend: start))
        default: throw unexpected()
        }
    }

    /// Description : StringValue
    mutating func parseDescription() throws(SyntaxError) -> String? {
        guard peek(.string) || peek(.blockString) else { return nil }
        return try advanceValue()
    }

    /// SchemaDefinition : Description? `schema` Directives[Const]? `{` RootOperationTypeDefinition+ `}`
    mutating func parseSchemaDefinition(description: String?) throws(SyntaxError) -> SchemaDefinition {
        let start = token.location
        try expectKeyword("schema")
        let directives = try parseDirectives(const: true)
        let operationTypes = try many(
            .braceL,
            { (p: inout Parser) throws(SyntaxError) in
                try p.parseRootOperationTypeDefinition()
            }, .braceR)
        return SchemaDefinition(
            description: description, directives: directives,
            operationTypes: Dictionary(operationTypes, uniquingKeysWith: { _, last in last }), location: start)
    }

    /// SchemaExtension : `extend` `schema` Directives[Const]? `{` RootOperationTypeDefinition+ `}`
    ///   | `extend` `schema` Directives[Const]
    mutating func parseSchemaExtension(start: SourceLocation) throws(SyntaxError) -> SchemaDefinition {
        try expectKeyword("schema")
        let directives = try parseDirectives(const: true)
        let operationTypes = try optionalMany(
            .braceL,
            { (p: inout Parser) throws(SyntaxError) in
                try p.parseRootOperationTypeDefinition()
            }, .braceR)
        if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
        return SchemaDefinition(
            directives: directives, operationTypes: Dictionary(operationTypes, uniquingKeysWith: { _, last in last }),
            isExtension: true, location: start)
    }

    /// RootOperationTypeDefinition : OperationType `:` NamedType
    mutating func parseRootOperationTypeDefinition() throws(SyntaxError) -> (OperationType, String) {
        let operation = try parseOperationType()
        try expect(.colon)
        return (operation, try parseName())
    }

    /// ScalarTypeDefinition : Description? `scalar` Name Directives[Const]?
    /// ScalarTypeExtension : `extend` `scalar` Name Directives[Const]
    ///
    /// `extend` is the location of the `extend` keyword for an extension, nil for a definition.
    mutating func parseScalarTypeDefinition(
        description: String?, extend: SourceLocation?
    ) throws(SyntaxError) -> TypeDefinition {
        let start = extend ?? token.location
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        if extend != nil && directives.isEmpty { throw unexpected() }
        return TypeDefinition(
            kind: .scalar, description: description, name: name, directives: directives,
            isExtension: extend != nil, location: start)
    }

    /// ObjectTypeDefinition : Description? `type` Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// InterfaceTypeDefinition : Description? `interface` Name ImplementsInterfaces? Directives[Const]?
    ///   FieldsDefinition?
    /// ObjectTypeExtension, InterfaceTypeExtension : `extend` (`type` | `interface`) Name
    ///   ImplementsInterfaces? Directives[Const]? FieldsDefinition (at least one of the three)
    mutating func parseObjectTypeDefinition(
        _ kind: TypeDefinition.Kind, description: String?, extend: SourceLocation?
    ) throws(SyntaxError) -> TypeDefinition {
        let start = extend ?? token.location
        try expectKeyword(kind.rawValue)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(const: true)
        let fields = try optionalMany(
            .braceL,
            { (p: inout Parser) throws(SyntaxError) in
                try p.parseFieldDefinition()
            }, .braceR)
        if extend != nil && interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return TypeDefinition(
            kind: kind, description: description, name: name, interfaces: interfaces, directives: directives,
            fields: fields, isExtension: extend != nil, location: start)
    }

    /// ImplementsInterfaces : `implements` `&`? NamedType | ImplementsInterfaces `&` NamedType
    mutating func parseImplementsInterfaces() throws(SyntaxError) -> [String] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try delimitedMany(.ampersand) { (p: inout Parser) throws(SyntaxError) in try p.parseName() }
    }

    /// FieldDefinition : Description? Name ArgumentsDefinition? `:` Type Directives[Const]?
    mutating func parseFieldDefinition() throws(SyntaxError) -> FieldDefinition {
        let description = try parseDescription()
        let start = token.location
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(const: true)
        return FieldDefinition(
            description: description, name: name, arguments: arguments, type: type, directives: directives,
            location: start)
    }

    /// ArgumentsDefinition : `(` InputValueDefinition+ `)`
    mutating func parseArgumentsDefinition() throws(SyntaxError) -> [InputValueDefinition] {
        try optionalMany(
            .parenL, { (p: inout Parser) throws(SyntaxError) in try p.parseInputValueDefinition() }, .parenR)
    }

    /// InputValueDefinition : Description? Name `:` Type DefaultValue[Const]? Directives[Const]?
    /// DefaultValue[Const] : `=` Value[?Const]
    mutating func parseInputValueDefinition() throws(SyntaxError) -> InputValueDefinition {
        let description = try parseDescription()
        let start = token.location
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(const: true) : nil
        let directives = try parseDirectives(const: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            location: start)
    }

    /// UnionTypeDefinition : Description? `union` Name Directives[Const]? UnionMemberTypes?
    /// UnionMemberTypes : `=` `|`? NamedType | UnionMemberTypes `|` NamedType
    /// UnionTypeExtension : `extend` `union` Name Directives[Const]? UnionMemberTypes
    ///   | `extend` `union` Name Directives[Const]
    mutating func parseUnionTypeDefinition(
        description: String?, extend: SourceLocation?
    ) throws(SyntaxError) -> TypeDefinition {
        let start = extend ?? token.location
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        var members: [String] = []
        if try expectOptional(.equals) {
            members = try delimitedMany(.pipe) { (p: inout Parser) throws(SyntaxError) in try p.parseName() }
        }
        if extend != nil && directives.isEmpty && members.isEmpty { throw unexpected() }
        return TypeDefinition(
            kind: .union, description: description, name: name, directives: directives, unionMembers: members,
            isExtension: extend != nil, location: start)
    }

    /// EnumTypeDefinition : Description? `enum` Name Directives[Const]? EnumValuesDefinition?
    /// EnumValuesDefinition : `{` EnumValueDefinition+ `}`
    /// EnumTypeExtension : `extend` `enum` Name Directives[Const]? EnumValuesDefinition
    ///   | `extend` `enum` Name Directives[Const]
    mutating func parseEnumTypeDefinition(
        description: String?, extend: SourceLocation?
    ) throws(SyntaxError) -> TypeDefinition {
        let start = extend ?? token.location
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let values = try optionalMany(
            .braceL,
            { (p: inout Parser) throws(SyntaxError) in
                try p.parseEnumValueDefinition()
            }, .braceR)
        if extend != nil && directives.isEmpty && values.isEmpty { throw unexpected() }
        return TypeDefinition(
            kind: .enumeration, description: description, name: name, directives: directives, enumValues: values,
            isExtension: extend != nil, location: start)
    }

    /// EnumValueDefinition : Description? EnumValue Directives[Const]?
    /// EnumValue : Name but not `true`, `false` or `null`
    mutating func parseEnumValueDefinition() throws(SyntaxError) -> EnumValueDefinition {
        let description = try parseDescription()
        let start = token.location
        if peekKeyword("true") || peekKeyword("false") || peekKeyword("null") {
            throw error("\(found) is reserved and cannot be used for an enum value")
        }
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        return EnumValueDefinition(description: description, name: name, directives: directives, location: start)
    }

    /// InputObjectTypeDefinition : Description? `input` Name Directives[Const]? InputFieldsDefinition?
    /// InputFieldsDefinition : `{` InputValueDefinition+ `}`
    /// InputObjectTypeExtension : `extend` `input` Name Directives[Const]? InputFieldsDefinition
    ///   | `extend` `input` Name Directives[Const]
    mutating func parseInputObjectTypeDefinition(
        description: String?, extend: SourceLocation?
    ) throws(SyntaxError) -> TypeDefinition {
        let start = extend ?? token.location
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let fields = try optionalMany(
            .braceL,
            { (p: inout Parser) throws(SyntaxError) in
                try p.parseInputValueDefinition()
            }, .braceR)
        if extend != nil && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return TypeDefinition(
            kind: .inputObject, description: description, name: name, directives: directives, inputFields: fields,
            isExtension: extend != nil, location: start)
    }

    /// DirectiveDefinition : Description? `directive` `@` Name ArgumentsDefinition? `repeatable`? `on`
    ///   DirectiveLocations
    /// DirectiveLocations : `|`? DirectiveLocation | DirectiveLocations `|` DirectiveLocation
    mutating func parseDirectiveDefinition(description: String?) throws(SyntaxError) -> DirectiveDefinition {
        let start = token.location
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let isRepeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try delimitedMany(.pipe) { (p: inout Parser) throws(SyntaxError) in
            try p.parseDirectiveLocation()
        }
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, location: start)
    }

    /// DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation
    /// (`QUERY`, `FIELD`, ..., `OBJECT`, `FIELD_DEFINITION`, ..., `INPUT_FIELD_DEFINITION`)
    mutating func parseDirectiveLocation() throws(SyntaxError) -> String {
        guard peek(.name), Parser.directiveLocations.contains(tokenValue) else {
            throw peek(.name) ? unexpected() : error("expected Name, found \(found)")
        }
        return try advanceValue()
    }

    /// The names a DirectiveLocation may have.
    static let directiveLocations: Set<String> = [
        "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
        "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION",
        "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE", "INPUT_OBJECT",
        "INPUT_FIELD_DEFINITION",
    ]
}
