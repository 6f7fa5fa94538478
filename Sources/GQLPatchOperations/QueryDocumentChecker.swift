import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Checks a hand-written executable document before it is sent, and types its `--var` values from
/// the operation's variable definitions. Every problem in the document is reported as
/// `FILE:LINE:COLUMN: error: message`.
///
/// Always: the document holds operations and fragments only; the operation exists (one, or the one
/// `--operation` names); every variable used is declared and every declared one used; every `--var`
/// names a declared variable; required variables (non-null, no default) are given.
/// With a schema: the root fields exist (and their arguments where the schema spells them out) and
/// the variables' types exist.
package struct QueryDocumentChecker: Sendable {
    package var file: String
    package var catalogue: ModelCatalogue
    /// nil when no schema is known: the schema checks are skipped.
    package var roots: RootFieldTable?
    package var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8]
    /// How the caller names the variables and the operation choice (`--var`, `--operation`).
    package var wording: any InputWording

    package init(
        file: String, catalogue: ModelCatalogue, roots: RootFieldTable? = nil,
        readFile: @escaping @Sendable (String) throws(GQLPatchError) -> [UInt8], wording: any InputWording
    ) {
        self.file = file
        self.catalogue = catalogue
        self.roots = roots
        self.readFile = readFile
        self.wording = wording
    }

    package struct Checked: Sendable {
        package var operation: OperationDefinition
        package var variables: JSONObject
    }

    package func check(_ document: Document, operationName: String?, variables: [FieldAssignment]) throws(GQLPatchError)
        -> Checked
    {
        var fragments: [String: FragmentDefinition] = [:]
        var operations: [OperationDefinition] = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): operations.append(operation)
            case .fragment(let fragment): fragments[fragment.name] = fragment
            case .type(let type):
                throw located(type.location, "a query document holds operations and fragments, not type definitions")
            case .schema(let schema):
                throw located(
                    schema.location, "a query document holds operations and fragments, not a schema definition")
            case .directive(let directive):
                throw located(
                    directive.location, "a query document holds operations and fragments, not directive definitions")
            }
        }
        let operation = try choose(operations, name: operationName)
        let described = operation.name.map { "operation \($0)" } ?? "the operation"
        if operation.operation == .subscription {
            throw located(
                operation.location, "subscriptions are not served over HTTP; gqlpatch sends queries and mutations")
        }
        var problems: [String] = []
        // Variables used (with where) and declared.
        var used: [(String, SourceLocation)] = []
        var visited: Set<String> = []
        collectVariables(
            operation.selectionSet, fragments: fragments, visited: &visited, into: &used, fallback: operation.location)
        for directive in operation.directives {
            for argument in directive.arguments { collect(argument.value, at: argument.location, into: &used) }
        }
        let declared = Set(operation.variableDefinitions.map(\.name))
        var reported: Set<String> = []
        for (name, location) in used where !declared.contains(name) && reported.insert(name).inserted {
            problems.append(message(location, "variable $\(name) is not declared by \(described)"))
        }
        let usedNames = Set(used.map(\.0))
        for definition in operation.variableDefinitions where !usedNames.contains(definition.name) {
            problems.append(message(definition.location, "variable $\(definition.name) is declared but not used"))
        }
        for (fragmentName, fragment) in fragments where !visited.contains(fragmentName) && operations.count == 1 {
            problems.append(message(fragment.location, "fragment \(fragmentName) is not used"))
        }
        if let roots { problems += rootProblems(operation, roots: roots, fragments: fragments) }
        if roots != nil {
            for definition in operation.variableDefinitions {
                let typeName = definition.type.namedType
                if !catalogue.scalars.contains(typeName), catalogue.enums[typeName] == nil,
                    catalogue.inputObjects[typeName] == nil
                {
                    problems.append(
                        message(definition.location, "variable $\(definition.name): unknown type \(typeName)"))
                }
            }
        }
        if !problems.isEmpty { throw .invalidInput(problems.joined(separator: "\n")) }
        // --var values.
        let typer = AssignmentTyper(catalogue: catalogue, readFile: readFile)
        var values = JSONObject()
        for assignment in variables {
            guard let definition = operation.variableDefinitions.first(where: { $0.name == assignment.field }) else {
                let names = operation.variableDefinitions.map { "$\($0.name)" }
                let known = names.isEmpty ? "it declares none" : "it declares \(names.joined(separator: ", "))"
                throw .invalidInput(
                    "\(wording.field(assignment.field, in: .variable)): \(described) declares no variable $\(assignment.field) (\(known))"
                )
            }
            values[assignment.field] = try typer.value(of: assignment, as: definition.type, at: "$\(assignment.field)")
        }
        for definition in operation.variableDefinitions
        where definition.type.isNonNull && definition.defaultValue == nil && values[definition.name] == nil {
            problems.append(
                message(
                    definition.location,
                    "variable $\(definition.name) (\(definition.type)) is required: give \(wording.assignment(definition.name, object: false, in: .variable))"
                ))
        }
        if !problems.isEmpty { throw .invalidInput(problems.joined(separator: "\n")) }
        return Checked(operation: operation, variables: values)
    }

    private func choose(_ operations: [OperationDefinition], name: String?) throws(GQLPatchError) -> OperationDefinition
    {
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        guard !operations.isEmpty else { throw located(start, "the document has no operation") }
        let names = operations.compactMap(\.name)
        if let name {
            guard let operation = operations.first(where: { $0.name == name }) else {
                let known =
                    names.isEmpty ? "it has only an anonymous operation" : "it has \(names.joined(separator: ", "))"
                throw .invalidInput(
                    "\(wording.name(.operation)) \(name): the document has no operation named \(name) (\(known))")
            }
            return operation
        }
        guard operations.count == 1 else {
            throw .usage(
                "the document has \(operations.count) operations (\(names.joined(separator: ", "))); choose one with \(wording.name(.operation)) NAME"
            )
        }
        return operations[0]
    }

    private func rootProblems(
        _ operation: OperationDefinition, roots: RootFieldTable, fragments: [String: FragmentDefinition]
    ) -> [String] {
        guard let known = roots.fields[operation.operation] else { return [] }
        let typeName = roots.typeNames[operation.operation] ?? operation.operation.rawValue
        var problems: [String] = []
        var visited: Set<String> = []
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if field.name.hasPrefix("__") { continue }
                    guard let arguments = known[field.name] else {
                        let suggestion =
                            FieldSuggestion.closest(to: field.name, among: Array(known.keys)).map {
                                " (did you mean '\($0)'?)"
                            } ?? ""
                        problems.append(
                            message(field.location, "\(typeName) has no field '\(field.name)'\(suggestion)"))
                        continue
                    }
                    guard let arguments else { continue }
                    for argument in field.arguments where !arguments.contains(argument.name) {
                        let suggestion =
                            FieldSuggestion.closest(to: argument.name, among: arguments).map {
                                " (did you mean '\($0)'?)"
                            } ?? ""
                        problems.append(
                            message(
                                argument.location,
                                "\(typeName).\(field.name) has no argument '\(argument.name)'\(suggestion)"))
                    }
                case .inlineFragment(_, _, let selectionSet, _):
                    walk(selectionSet)
                case .fragmentSpread(let name, _, let location):
                    guard let fragment = fragments[name] else {
                        problems.append(message(location, "unknown fragment \(name)"))
                        continue
                    }
                    if visited.insert(name).inserted { walk(fragment.selectionSet) }
                }
            }
        }
        walk(operation.selectionSet)
        return problems
    }

    private func collectVariables(
        _ selections: [Selection], fragments: [String: FragmentDefinition], visited: inout Set<String>,
        into used: inout [(String, SourceLocation)], fallback: SourceLocation
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                for argument in field.arguments { collect(argument.value, at: argument.location, into: &used) }
                for directive in field.directives {
                    for argument in directive.arguments { collect(argument.value, at: argument.location, into: &used) }
                }
                collectVariables(
                    field.selectionSet, fragments: fragments, visited: &visited, into: &used, fallback: fallback)
            case .inlineFragment(_, let directives, let selectionSet, _):
                for directive in directives {
                    for argument in directive.arguments { collect(argument.value, at: argument.location, into: &used) }
                }
                collectVariables(selectionSet, fragments: fragments, visited: &visited, into: &used, fallback: fallback)
            case .fragmentSpread(let name, let directives, _):
                for directive in directives {
                    for argument in directive.arguments { collect(argument.value, at: argument.location, into: &used) }
                }
                guard let fragment = fragments[name], visited.insert(name).inserted else { continue }
                collectVariables(
                    fragment.selectionSet, fragments: fragments, visited: &visited, into: &used, fallback: fallback)
            }
        }
    }

    private func collect(_ value: Value, at location: SourceLocation, into used: inout [(String, SourceLocation)]) {
        switch value {
        case .variable(let name): used.append((name, location))
        case .list(let items): for item in items { collect(item, at: location, into: &used) }
        case .object(let fields): for field in fields { collect(field.value, at: location, into: &used) }
        default: break
        }
    }

    private func message(_ location: SourceLocation, _ text: String) -> String {
        "\(file):\(location.line):\(location.column): error: \(text)"
    }

    private func located(_ location: SourceLocation, _ text: String) -> GQLPatchError {
        .invalidInput(message(location, text))
    }
}
