import GraphQLSDL

/// The named types of a parsed schema with `extend` definitions merged into their base types, and the
/// names of the root operation types (`schema { query: ... mutation: ... }`, else `Query`/`Mutation`).
struct SchemaTypeTable: Sendable {
    /// Merged type definitions by name.
    var types: [String: TypeDefinition] = [:]
    /// Type names in the order they were first seen.
    var order: [String] = []
    var queryTypeName = "Query"
    var mutationTypeName = "Mutation"
    var subscriptionTypeName = "Subscription"

    /// Merges the document's type definitions; two non-extension definitions of one name are an error.
    init(document: Document, file: String) throws(GQLPatchError) {
        for definition in document.definitions {
            switch definition {
            case .schema(let schema):
                if let name = schema.operationTypes[.query] { queryTypeName = name }
                if let name = schema.operationTypes[.mutation] { mutationTypeName = name }
                if let name = schema.operationTypes[.subscription] { subscriptionTypeName = name }
            case .type(let type):
                guard var existing = types[type.name] else {
                    var base = type
                    base.isExtension = false
                    types[type.name] = base
                    order.append(type.name)
                    baseDefined[type.name] = !type.isExtension
                    continue
                }
                if !type.isExtension {
                    if baseDefined[type.name] == true {
                        throw SchemaDiagnostic.error(
                            file, type.location,
                            "duplicate definition of type \"\(type.name)\" (first defined at \(existing.location.line):\(existing.location.column))")
                    }
                    baseDefined[type.name] = true
                    existing.location = type.location
                    existing.kind = type.kind
                    existing.description = type.description
                }
                existing.directives += type.directives
                existing.fields += type.fields
                existing.inputFields += type.inputFields
                existing.enumValues += type.enumValues
                existing.unionMembers += type.unionMembers
                existing.interfaces += type.interfaces
                types[type.name] = existing
            case .directive, .operation, .fragment:
                continue
            }
        }
        for name in order {
            guard let type = types[name] else { continue }
            namesByKind[type.kind, default: []].append(name)
            try Self.checkUnique(type.fields.map { ($0.name, $0.location) }, "field", in: name, file: file)
            try Self.checkUnique(type.inputFields.map { ($0.name, $0.location) }, "field", in: name, file: file)
            try Self.checkUnique(type.enumValues.map { ($0.name, $0.location) }, "enum value", in: name, file: file)
        }
    }

    /// A type's fields (or enum values), its extensions' included, must have distinct names.
    private static func checkUnique(
        _ members: [(String, SourceLocation)], _ what: String, in type: String, file: String
    ) throws(GQLPatchError) {
        var seen: [String: SourceLocation] = [:]
        for (name, location) in members {
            if let first = seen[name] {
                throw SchemaDiagnostic.error(
                    file, location, "duplicate \(what) \"\(type).\(name)\" (first defined at \(first.line):\(first.column))")
            }
            seen[name] = location
        }
    }

    /// Type names of each kind, in first-seen order (so `all` copies only the types it returns).
    private var namesByKind: [TypeDefinition.Kind: [String]] = [:]

    private var baseDefined: [String: Bool] = [:]

    subscript(name: String) -> TypeDefinition? { types[name] }

    /// Types of one kind in first-seen order.
    func all(_ kind: TypeDefinition.Kind) -> [TypeDefinition] {
        (namesByKind[kind] ?? []).compactMap { types[$0] }
    }

    var rootTypeNames: Set<String> { [queryTypeName, mutationTypeName, subscriptionTypeName] }

    /// Built-in scalars plus the scalars the schema declares.
    var scalars: Set<String> {
        ModelCatalogue.builtInScalars.union(all(.scalar).map(\.name))
    }
}
