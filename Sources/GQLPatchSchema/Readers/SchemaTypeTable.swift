import GQLPatchSupport
import GraphQLSDL

/// The named types of a parsed schema with `extend` definitions merged into their base types, and the
/// names of the root operation types (`schema { query: ... mutation: ... }`, else `Query`/`Mutation`).
///
/// Built either from a whole `Document`, or lazily from a `DefinitionIndex`: then it holds only the
/// types `load` was asked for, while `kind(of:)` and `scalars` still know every type of the document.
package struct SchemaTypeTable: Sendable {
    /// Merged type definitions by name (with an index: the loaded ones).
    package private(set) var types: [String: TypeDefinition] = [:]
    package var queryTypeName = "Query"
    package var mutationTypeName = "Mutation"
    package var subscriptionTypeName = "Subscription"

    /// Type names of each kind, in first-seen order (so `all` copies only the types it returns),
    /// by `Self.slot(of:)`: an array, where a dictionary keyed by the kind was a generic type made at
    /// run time on first use (a scan of the binary's conformance records: 230 k instructions a run).
    private var namesByKind = [[String]](repeating: [], count: 6)
    /// The kind of each loaded type (answering `kind(of:)` without copying the definition).
    private var loadedKinds: [String: TypeDefinition.Kind] = [:]
    private var baseDefined: [String: Bool] = [:]
    private var file: String
    /// For a table built from an index: the index and the parser of the document's definitions.
    private var index: DefinitionIndex?
    private var definitionParser: DefinitionParser?

    /// Merges the document's type definitions; two non-extension definitions of one name are an error.
    package init(document: Document, file: String) throws(GQLPatchError) {
        self.file = file
        for definition in document.definitions {
            switch definition {
            case .schema(let schema):
                setRootNames(schema)
            case .type(let type):
                try merge(type)
            case .directive, .operation, .fragment:
                continue
            }
        }
        for name in namesByKind.joined() {
            guard let type = types[name] else { continue }
            try Self.checkMembers(type, file: file)
        }
    }

    /// A type's fields (or enum values), its extensions' included, must have distinct names.
    private static func checkMembers(_ type: TypeDefinition, file: String) throws(GQLPatchError) {
        try checkUnique(type.fields.map { ($0.name, $0.location) }, "field", in: type.name, file: file)
        try checkUnique(type.inputFields.map { ($0.name, $0.location) }, "field", in: type.name, file: file)
        try checkUnique(type.enumValues.map { ($0.name, $0.location) }, "enum value", in: type.name, file: file)
    }

    private static func checkUnique(
        _ members: [(String, SourceLocation)], _ what: String, in type: String, file: String
    ) throws(GQLPatchError) {
        var seen: [String: SourceLocation] = [:]
        for (name, location) in members {
            if let first = seen[name] {
                throw SchemaDiagnostic.error(
                    file, location,
                    "duplicate \(what) \"\(type).\(name)\" (first defined at \(first.line):\(first.column))")
            }
            seen[name] = location
        }
    }

    /// A table over an indexed document that parses its `schema` definitions now and types on `load`.
    /// Nil when a type is defined twice or a definition does not parse as the index says: the whole
    /// document must then be parsed (for the exact error).
    package init?(index: DefinitionIndex, bytes: [UInt8], file: String) {
        self.file = file
        self.index = index
        definitionParser = DefinitionParser(bytes: bytes, file: file)
        if index.hasRepeatedNames {
            // A type defined twice (extensions aside): walk each name's later definitions.
            for (position, entry) in index.entries.enumerated() where Self.isTypeDefinition(entry) {
                var next = index.nextIndex(sameNameAs: position)
                while let later = next {
                    if Self.isTypeDefinition(index.entries[later]) { return nil }
                    next = index.nextIndex(sameNameAs: later)
                }
            }
        }
        for entry in index.entries(.schema) {
            guard case .schema(let schema)? = try? definitionParser!.parse(entry) else { return nil }
            setRootNames(schema)
        }
    }

    /// Parses and merges the named types not loaded yet (names the document does not define are
    /// skipped); false when a definition does not parse (the whole document must then be parsed).
    package mutating func load(_ names: some Sequence<String>) -> Bool {
        guard let index else { return true }
        for name in names where types[name] == nil {
            var position = index.firstIndex(named: name)
            while let current = position {
                position = index.nextIndex(sameNameAs: current)
                let entry = index.entries[current]
                guard Self.typeKind(entry.keyword) != nil else { continue }
                guard case .type(let type)? = try? definitionParser!.parse(entry), (try? merge(type)) != nil else {
                    return false
                }
            }
            if let type = types[name], (try? Self.checkMembers(type, file: file)) == nil { return false }
        }
        return true
    }

    /// The kind of the named type, loaded or not.
    package func kind(of name: String) -> TypeDefinition.Kind? {
        if let kind = loadedKinds[name] { return kind }
        guard let index else { return nil }
        var extensionKind: TypeDefinition.Kind?
        var position = index.firstIndex(named: name)
        while let current = position {
            let entry = index.entries[current]
            position = index.nextIndex(sameNameAs: current)
            guard let kind = Self.typeKind(entry.keyword) else { continue }
            if !entry.isExtension { return kind }
            if extensionKind == nil { extensionKind = kind }
        }
        return extensionKind
    }

    /// The definitions of the named type (base and extensions, other definitions of the name left
    /// out), in document order; empty for a table built from a document.
    package func definitionEntries(of name: String) -> [DefinitionIndex.Entry] {
        guard let index else { return [] }
        return index.indices(named: name).map { index.entries[$0] }.filter { Self.typeKind($0.keyword) != nil }
    }

    /// Adds `type` as loaded, as it is (for a root type of which only some fields are read); does
    /// nothing when a type of that name is loaded already.
    package mutating func insertLoaded(_ type: TypeDefinition) {
        guard types[type.name] == nil else { return }
        types[type.name] = type
        loadedKinds[type.name] = type.kind
        namesByKind[Self.slot(of: type.kind)].append(type.name)
        baseDefined[type.name] = !type.isExtension
    }

    private static func slot(of kind: TypeDefinition.Kind) -> Int {
        switch kind {
        case .scalar: 0
        case .object: 1
        case .interface: 2
        case .union: 3
        case .enumeration: 4
        case .inputObject: 5
        }
    }

    private static func isTypeDefinition(_ entry: DefinitionIndex.Entry) -> Bool {
        typeKind(entry.keyword) != nil && !entry.isExtension
    }

    private static func typeKind(_ keyword: DefinitionIndex.Entry.Keyword) -> TypeDefinition.Kind? {
        switch keyword {
        case .scalar: .scalar
        case .type: .object
        case .interface: .interface
        case .union: .union
        case .enumeration: .enumeration
        case .input: .inputObject
        default: nil
        }
    }

    private mutating func setRootNames(_ schema: SchemaDefinition) {
        if let name = schema.operationTypes[.query] { queryTypeName = name }
        if let name = schema.operationTypes[.mutation] { mutationTypeName = name }
        if let name = schema.operationTypes[.subscription] { subscriptionTypeName = name }
    }

    private mutating func merge(_ type: TypeDefinition) throws(GQLPatchError) {
        guard types[type.name] != nil else {
            var base = type
            base.isExtension = false
            types[type.name] = base
            loadedKinds[type.name] = type.kind
            namesByKind[Self.slot(of: type.kind)].append(type.name)
            baseDefined[type.name] = !type.isExtension
            return
        }
        if !type.isExtension, baseDefined[type.name] == true {
            let first = types[type.name]!.location
            throw SchemaDiagnostic.error(
                file, type.location,
                "duplicate definition of type \"\(type.name)\" (first defined at \(first.line):\(first.column))")
        }
        // Merged in place: the stored definition's arrays are not copied.
        Self.append(type, to: &types[type.name]!)
        if !type.isExtension {
            baseDefined[type.name] = true
            let oldKind = types[type.name]!.kind
            types[type.name]!.location = type.location
            types[type.name]!.kind = type.kind
            loadedKinds[type.name] = type.kind
            types[type.name]!.description = type.description
            if oldKind != type.kind {
                namesByKind[Self.slot(of: oldKind)].removeAll { $0 == type.name }
                namesByKind[Self.slot(of: type.kind)].append(type.name)
            }
        }
    }

    package subscript(name: String) -> TypeDefinition? { types[name] }

    /// Types of one kind in first-seen order (with an index: the loaded ones).
    package func all(_ kind: TypeDefinition.Kind) -> [TypeDefinition] {
        namesByKind[Self.slot(of: kind)].compactMap { types[$0] }
    }

    /// Names of the types of one kind (with an index: every one of the document, loaded or not).
    package func names(_ kind: TypeDefinition.Kind) -> [String] {
        guard let index else { return namesByKind[Self.slot(of: kind)] }
        var seen: Set<String> = []
        return index.entries.compactMap { entry in
            guard Self.typeKind(entry.keyword) == kind, self.kind(of: entry.name) == kind,
                seen.insert(entry.name).inserted
            else { return nil }
            return entry.name
        }
    }

    package var rootTypeNames: Set<String> { [queryTypeName, mutationTypeName, subscriptionTypeName] }

    /// Built-in scalars plus the scalars the schema declares.
    package var scalars: Set<String> {
        ModelCatalogue.builtInScalars.union(names(.scalar))
    }

    /// Adds the members of an extension (or of the base definition met after an extension).
    private static func append(_ other: TypeDefinition, to type: inout TypeDefinition) {
        type.directives += other.directives
        type.fields += other.fields
        type.inputFields += other.inputFields
        type.enumValues += other.enumValues
        type.unionMembers += other.unionMembers
        type.interfaces += other.interfaces
    }
}
