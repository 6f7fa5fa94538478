/// Executable definitions: operations and fragments.
extension Parser {
    /// OperationDefinition : OperationType Name? VariableDefinitions? Directives? SelectionSet | SelectionSet
    mutating func parseOperationDefinition() throws(SyntaxError) -> OperationDefinition {
        let start = token.location
        if peek(.braceL) {
            return OperationDefinition(
                operation: .query, name: nil, selectionSet: try parseSelectionSet(), location: start)
        }
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variables = try optionalMany(
            .parenL,
            { (p: inout Parser) throws(SyntaxError) in
                try p.parseVariableDefinition()
            }, .parenR)
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            operation: operation, name: name, variableDefinitions: variables, directives: directives,
            selectionSet: selectionSet, location: start)
    }

    /// VariableDefinition : Variable `:` Type DefaultValue? Directives[Const]?
    mutating func parseVariableDefinition() throws(SyntaxError) -> VariableDefinition {
        let start = token.location
        let name = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(const: true) : nil
        let directives = try parseDirectives(const: true)
        return VariableDefinition(
            name: name, type: type, defaultValue: defaultValue, directives: directives, location: start)
    }

    /// SelectionSet : `{` Selection+ `}`
    mutating func parseSelectionSet() throws(SyntaxError) -> [Selection] {
        try nested { (p: inout Parser) throws(SyntaxError) in
            try p.many(.braceL, { (q: inout Parser) throws(SyntaxError) in try q.parseSelection() }, .braceR)
        }
    }

    /// Selection : Field | FragmentSpread | InlineFragment
    /// FragmentSpread : `...` FragmentName Directives?
    /// InlineFragment : `...` TypeCondition? Directives? SelectionSet
    mutating func parseSelection() throws(SyntaxError) -> Selection {
        let start = token.location
        guard try expectOptional(.spread) else { return .field(try parseField()) }
        if peek(.name) && !peekKeyword("on") {
            let name = try parseName()
            return .fragmentSpread(name: name, directives: try parseDirectives(const: false), location: start)
        }
        let typeCondition = try expectOptionalKeyword("on") ? try parseName() : nil
        let directives = try parseDirectives(const: false)
        return .inlineFragment(
            typeCondition: typeCondition, directives: directives, selectionSet: try parseSelectionSet(),
            location: start)
    }

    /// Field : Alias? Name Arguments? Directives? SelectionSet?
    /// Alias : Name `:`
    mutating func parseField() throws(SyntaxError) -> FieldSelection {
        let start = token.location
        var alias: String?
        var name = try parseName()
        if try expectOptional(.colon) {
            alias = name
            name = try parseName()
        }
        let arguments = try parseArguments(const: false)
        let directives = try parseDirectives(const: false)
        let selectionSet = peek(.braceL) ? try parseSelectionSet() : []
        return FieldSelection(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            location: start)
    }

    /// FragmentDefinition : `fragment` FragmentName TypeCondition Directives? SelectionSet
    /// FragmentName : Name but not `on`
    /// TypeCondition : `on` NamedType
    mutating func parseFragmentDefinition() throws(SyntaxError) -> FragmentDefinition {
        let start = token.location
        try expectKeyword("fragment")
        if peekKeyword("on") { throw unexpected() }
        let name = try parseName()
        try expectKeyword("on")
        let typeCondition = try parseName()
        let directives = try parseDirectives(const: false)
        return FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: try parseSelectionSet(),
            location: start)
    }
}
