/// Names, type references, directives, arguments and value literals (shared by both grammars).
extension Parser {
    /// Name :: /[_A-Za-z][_0-9A-Za-z]*/
    mutating func parseName() throws(SyntaxError) -> String {
        guard token.kind == .name else { throw error("expected Name, found \(found)") }
        return try advanceValue()
    }

    /// OperationType : one of `query` `mutation` `subscription`
    mutating func parseOperationType() throws(SyntaxError) -> OperationType {
        guard peek(.name), let operation = OperationType(rawValue: tokenValue) else { throw unexpected() }
        try advance()
        return operation
    }

    /// Type : NamedType | ListType | NonNullType
    /// ListType : `[` Type `]`
    /// NonNullType : NamedType `!` | ListType `!`
    mutating func parseTypeReference() throws(SyntaxError) -> TypeReference {
        let type: TypeReference
        if peek(.bracketL) {
            type = try nested { (p: inout Parser) throws(SyntaxError) in
                try p.advance()
                let inner = try p.parseTypeReference()
                try p.expect(.bracketR)
                return .list(inner)
            }
        } else {
            // Named types repeat a lot: share one `.named` and one `.nonNull(.named)` per name.
            guard peek(.name) else { throw error("expected Name, found \(found)") }
            let index = token.nameIndex
            try advance()
            return try expectOptional(.bang) ? lexer.names.nonNullNamedType(index) : lexer.names.namedType(index)
        }
        return try expectOptional(.bang) ? .nonNull(type) : type
    }

    /// Directives[Const] : Directive[?Const]+
    mutating func parseDirectives(const isConst: Bool) throws(SyntaxError) -> [Directive] {
        guard peek(.at) else { return [] }
        var directives: [Directive] = []
        repeat {
            directives.append(try parseDirective(const: isConst))
        } while peek(.at)
        return directives
    }

    /// Directive[Const] : `@` Name Arguments[?Const]?
    mutating func parseDirective(const isConst: Bool) throws(SyntaxError) -> Directive {
        let start = token.location
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArguments(const: isConst)
        return Directive(name: name, arguments: arguments, location: start)
    }

    /// Arguments[Const] : `(` Argument[?Const]+ `)`
    mutating func parseArguments(const isConst: Bool) throws(SyntaxError) -> [Argument] {
        try optionalMany(
            .parenL, { (p: inout Parser) throws(SyntaxError) in try p.parseArgument(const: isConst) }, .parenR)
    }

    /// Argument[Const] : Name `:` Value[?Const]
    mutating func parseArgument(const isConst: Bool) throws(SyntaxError) -> Argument {
        let start = token.location
        let name = try parseName()
        try expect(.colon)
        return Argument(name: name, value: try parseValue(const: isConst), location: start)
    }

    /// Value[Const] : [~Const] Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue
    ///   | EnumValue | ListValue[?Const] | ObjectValue[?Const]
    mutating func parseValue(const isConst: Bool) throws(SyntaxError) -> Value {
        switch token.kind {
        case .bracketL: return try parseListValue(const: isConst)
        case .braceL: return try parseObjectValue(const: isConst)
        case .int: return .int(try advanceValue())
        case .float: return .float(try advanceValue())
        case .string, .blockString: return .string(try advanceValue())
        case .name:
            let name = try advanceValue()
            switch name {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            default: return .enumValue(name)
            }
        case .dollar:
            if isConst {
                let start = token
                try advance()
                let name = peek(.name) ? tokenValue : ""
                throw SyntaxError(
                    file: lexer.file, location: start.location,
                    message: "unexpected variable \"$\(name)\" in constant value")
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// Variable : `$` Name
    mutating func parseVariable() throws(SyntaxError) -> String {
        try expect(.dollar)
        return try parseName()
    }

    /// ListValue[Const] : `[` `]` | `[` Value[?Const]+ `]`
    mutating func parseListValue(const isConst: Bool) throws(SyntaxError) -> Value {
        try nested { (p: inout Parser) throws(SyntaxError) in
            .list(
                try p.any(
                    .bracketL, { (q: inout Parser) throws(SyntaxError) in try q.parseValue(const: isConst) }, .bracketR)
            )
        }
    }

    /// ObjectValue[Const] : `{` `}` | `{` ObjectField[?Const]+ `}`
    mutating func parseObjectValue(const isConst: Bool) throws(SyntaxError) -> Value {
        try nested { (p: inout Parser) throws(SyntaxError) in
            .object(
                try p.any(
                    .braceL, { (q: inout Parser) throws(SyntaxError) in try q.parseObjectField(const: isConst) },
                    .braceR))
        }
    }

    /// ObjectField[Const] : Name `:` Value[?Const]
    mutating func parseObjectField(const isConst: Bool) throws(SyntaxError) -> ObjectField {
        let name = try parseName()
        try expect(.colon)
        return ObjectField(name: name, value: try parseValue(const: isConst))
    }
}
