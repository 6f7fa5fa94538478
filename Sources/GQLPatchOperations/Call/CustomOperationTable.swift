import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL

/// The operations `call` can send, read from a schema's SDL (compiled, or an Amplify source schema's
/// own `type Query`/`type Mutation`): every query and mutation field, the models' generated ones
/// marked as such; and the documents that call them, with a selection made from the return type.
package struct CustomOperationTable: Sendable {
    /// Every callable field, custom ones first in schema order, then the generated ones.
    package private(set) var operations: [CustomOperation] = []
    private let types: SchemaTypeTable
    let catalogue: ModelCatalogue
    /// How refusals name the arguments and the selection (`--arg`, an `apply` line's `"args"`).
    var wording: any InputWording

    /// How deep a default selection follows object fields (`a.customType` inside another).
    package static let selectionDepth = 3

    package init(catalogue: ModelCatalogue, sdl: Document, file: String, wording: any InputWording)
        throws(GQLPatchError)
    {
        types = try SchemaTypeTable(document: sdl, file: file)
        self.catalogue = catalogue
        self.wording = wording
        var generated: [String: String] = [:]
        for model in catalogue.models.values {
            let names = model.operations
            for name in [names.get, names.list, names.sync, names.create, names.update, names.delete] {
                if let name { generated[name] = model.name }
            }
            for index in model.indexes { if let field = index.queryField { generated[field] = model.name } }
        }
        var custom: [CustomOperation] = []
        var modelOperations: [CustomOperation] = []
        for (kind, typeName) in [(OperationType.query, types.queryTypeName), (.mutation, types.mutationTypeName)] {
            for field in types[typeName]?.fields ?? [] {
                let operation = CustomOperation(
                    name: field.name, kind: kind, arguments: field.arguments, returns: field.type,
                    model: generated[field.name])
                if operation.model == nil { custom.append(operation) } else { modelOperations.append(operation) }
            }
        }
        operations = custom + modelOperations
    }

    /// The same table, its refusals worded by `wording`.
    package func worded(by wording: any InputWording) -> CustomOperationTable {
        var table = self
        table.wording = wording
        return table
    }

    /// The custom operations (`call --list`).
    package var custom: [CustomOperation] { operations.filter { $0.model == nil } }

    /// The operation called `name`; refused with a suggestion when there is none.
    package func operation(named name: String) throws(GQLPatchError) -> CustomOperation {
        if let found = operations.first(where: { $0.name == name }) { return found }
        let names = operations.map(\.name)
        let hint = FieldSuggestion.closest(to: name, among: names).map { "; did you mean \($0)?" } ?? ""
        throw .unknownName(
            "the schema has no query or mutation \(ValueTyper.quoted(name))\(hint) (\(custom.count) custom operation\(custom.count == 1 ? "" : "s"): gqlpatch call --list)"
        )
    }

    /// The document calling `operation` with the arguments `given` (each as a variable of the
    /// argument's own type, in the schema's order), selecting `select` (dotted paths) or the default
    /// selection of the return type. Every required argument must be given; an unknown one is refused.
    package func document(for operation: CustomOperation, given: [String], select: [String]?)
        throws(GQLPatchError) -> String
    {
        let known = operation.arguments.map(\.name)
        for name in given where !known.contains(name) {
            let hint = FieldSuggestion.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? ""
            let list = known.isEmpty ? "it takes none" : "it takes: \(known.joined(separator: ", "))"
            throw .unknownName(
                "\(wording.field(name, in: .argument)): \(operation.name) has no argument \(ValueTyper.quoted(name))\(hint) (\(list))"
            )
        }
        let missing = operation.arguments.filter { CustomOperation.isRequired($0) && !given.contains($0.name) }
        if let first = missing.first {
            throw .invalidInput(
                "\(operation.name) needs \(wording.field(first.name, in: .argument)) (\(first.type))"
                    + (missing.count > 1 ? " and \(missing.dropFirst().map(\.name).joined(separator: ", "))" : ""))
        }
        let used = operation.arguments.filter { given.contains($0.name) }
        let variables = used.map { "$\($0.name): \($0.type)" }.joined(separator: ", ")
        let arguments = used.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
        var text = "\(operation.kind.rawValue) Call\(variables.isEmpty ? "" : "(\(variables))") { \(operation.name)"
        if !arguments.isEmpty { text += "(\(arguments))" }
        let selection = try self.selection(of: operation.returns.namedType, select: select, operation: operation)
        if !selection.isEmpty { text += " { \(selection) }" }
        return text + " }"
    }

    /// The selection of what `operation` returns (`id status stats { count }`): empty for a scalar.
    package func selection(for operation: CustomOperation, select: [String]?) throws(GQLPatchError) -> String {
        try selection(of: operation.returns.namedType, select: select, operation: operation)
    }

    /// The selection of `typeName`: empty for a scalar or enum.
    private func selection(of typeName: String, select: [String]?, operation: CustomOperation)
        throws(GQLPatchError) -> String
    {
        guard let kind = types.kind(of: typeName), kind != .scalar, kind != .enumeration else {
            if let select, !select.isEmpty {
                throw .invalidInput(
                    "\(wording.name(.select)): \(operation.name) returns \(operation.returns), which has no fields to select"
                )
            }
            return ""
        }
        guard let select else { return defaultSelection(of: typeName, depth: Self.selectionDepth) }
        var tree: [String: [String]] = [:]
        var order: [String] = []
        for path in select {
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            guard let head = parts.first, !head.isEmpty else { continue }
            if tree[head] == nil { order.append(head) }
            tree[head, default: []] += parts.count > 1 ? [parts[1]] : []
        }
        var fields: [String] = []
        for name in order {
            guard let field = types[typeName]?.fields.first(where: { $0.name == name }) else {
                let names = types[typeName]?.fields.map(\.name) ?? []
                let hint = FieldSuggestion.closest(to: name, among: names).map { "; did you mean \($0)?" } ?? ""
                throw .unknownName(
                    "\(wording.name(.select)): \(typeName) has no field \(ValueTyper.quoted(name))\(hint)")
            }
            let inner = field.type.namedType
            let rest = tree[name] ?? []
            let nested = try selection(of: inner, select: rest.isEmpty ? nil : rest, operation: operation)
            fields.append(nested.isEmpty ? name : "\(name) { \(nested) }")
        }
        return fields.joined(separator: " ")
    }

    /// Scalars and enums of an object type, and its object fields (not a model's relationships)
    /// down to `depth`; a union or interface gives its `__typename`.
    private func defaultSelection(of typeName: String, depth: Int) -> String {
        guard let type = types[typeName], types.kind(of: typeName) == .object else { return "__typename" }
        let isModel = catalogue.models[typeName] != nil
        var fields: [String] = []
        for field in type.fields where field.arguments.allSatisfy({ !CustomOperation.isRequired($0) }) {
            let inner = field.type.namedType
            switch types.kind(of: inner) {
            case .scalar?, .enumeration?, nil:
                fields.append(field.name)
            case .object?:
                // A model's model-typed fields are relationships: left to an asked selection.
                guard depth > 1, !(isModel && (catalogue.models[inner] != nil || inner.hasSuffix("Connection")))
                else { continue }
                let nested = defaultSelection(of: inner, depth: depth - 1)
                if !nested.isEmpty { fields.append("\(field.name) { \(nested) }") }
            default:
                continue
            }
        }
        return fields.isEmpty ? "__typename" : fields.joined(separator: " ")
    }
}
