import GraphQLSDL

extension CompiledSchemaReader {
    /// Reads a compiled schema as far as `focus` needs, without parsing the rest of the document:
    /// the `schema` definition, the focused models and the models they relate to (transitively with
    /// `followsRelationsTransitively`), the types these reach (their connection types, the non-model
    /// object types their fields reach, the argument types of their operations with the input and
    /// enum types those reach), and of the query and mutation types only the fields that return
    /// these models or their connection types. Every model is found from a `FieldIndex` of the
    /// mutation type, without parsing its fields. The result's `models` holds the focused and
    /// related models, each as `read` builds it from the whole schema (the models related to those
    /// are read too, so that relationships resolve as they do there); `modelNames` lists every model.
    ///
    /// Nil when anything goes wrong (a lexical or top-level error found by the scan, a root type the
    /// field scan refuses, a duplicate type or root field, a syntax error in a parsed definition or
    /// field, no model operations, a reader error): the caller then reads the whole document, which
    /// reports the first error exactly as before. Grammar errors inside definitions that are never
    /// parsed are not found (see `DefinitionIndex`), nor inside the default values and directive
    /// arguments of root fields that are never parsed (see `FieldIndex`).
    package func readFocused(bytes: [UInt8], focus: CatalogueFocus) -> ModelCatalogue? {
        guard let index = DefinitionIndex.scan(bytes),
            let table = SchemaTypeTable(index: index, bytes: bytes, file: file),
            let roots = RootFields(table: table, bytes: bytes)
        else { return nil }
        let models = roots.models(table)
        guard !models.isEmpty else { return nil }
        var planner = FocusPlanner(table: table, bytes: bytes, roots: roots, modelSet: Set(models))
        guard let (built, kept) = planner.plan(focus) else { return nil }
        return try? read(planner.table, allModels: models, focus: (built, kept))
    }
}

/// The fields of the query, mutation and subscription types, indexed (see `FieldIndex`) and not parsed.
private struct RootFields {
    /// A root type's name and the field indexes of its definitions, in document order.
    package var types: [(name: String, kind: TypeDefinition.Kind, fields: [FieldIndex])] = []
    package let queryTypeName: String
    package let mutationTypeName: String

    /// Nil when a root type's fields cannot be indexed or a field name repeats.
    package init?(table: SchemaTypeTable, bytes: [UInt8]) {
        queryTypeName = table.queryTypeName
        mutationTypeName = table.mutationTypeName
        // The subscription type too: a model's subscriptions are part of what the focus reads.
        for name in [queryTypeName, mutationTypeName, table.subscriptionTypeName]
        where !types.contains(where: { $0.name == name }) {
            let definitions = table.definitionEntries(of: name)
            guard let kind = table.kind(of: name) else { continue }
            var indexes: [FieldIndex] = []
            for definition in definitions {
                guard let fields = FieldIndex.scan(bytes, definition: definition), !fields.hasDuplicateNames else {
                    return nil
                }
                indexes.append(fields)
            }
            if indexes.count > 1 {
                var seen: Set<String> = []
                for fields in indexes {
                    for entry in fields.entries where !seen.insert(entry.name).inserted { return nil }
                }
            }
            types.append((name, kind, indexes))
        }
    }

    /// Every model in mutation-field order: what `CompiledSchemaReader.modelUpdateFields` finds,
    /// read from the index.
    package func models(_ table: SchemaTypeTable) -> [String] {
        guard let mutation = types.first(where: { $0.name == mutationTypeName }) else { return [] }
        let roots = [table.queryTypeName, table.mutationTypeName, table.subscriptionTypeName]
        var result: [String] = []
        var seen: Set<String> = []
        for fields in mutation.fields {
            // The cheap tests first: most fields fail one (a `Create` input, a model seen already).
            for entry in fields.entries where !entry.typeIsList {
                let model = entry.typeName
                guard let input = fields.argument(named: "input", of: entry), input.typeIsNonNull, !input.typeIsList,
                    !seen.contains(model)
                else { continue }
                let inputType = fields.typeName(of: input)
                guard inputType.hasPrefix("Update"), !roots.contains(model), table.kind(of: model) == .object,
                    table.kind(of: inputType) == .inputObject
                else { continue }
                seen.insert(model)
                result.append(model)
            }
        }
        return result
    }
}

/// Decides and loads the types a focused read needs (see `CompiledSchemaReader.readFocused`).
private struct FocusPlanner {
    package var table: SchemaTypeTable
    package let bytes: [UInt8]
    package let roots: RootFields
    package let modelSet: Set<String>
    /// Related models of each model whose type is loaded.
    private var relatedModels: [String: [String]] = [:]
    private var failed = false

    package init(table: SchemaTypeTable, bytes: [UInt8], roots: RootFields, modelSet: Set<String>) {
        self.table = table
        self.bytes = bytes
        self.roots = roots
        self.modelSet = modelSet
    }

    /// (models to build, models to keep), their types loaded; nil when a definition fails to parse.
    package mutating func plan(_ focus: CatalogueFocus) -> (Set<String>, Set<String>)? {
        var kept = focus.models.intersection(modelSet)
        var queue = Array(kept)
        while let model = queue.popLast() {
            for related in loadModel(model) where kept.insert(related).inserted {
                if focus.followsRelationsTransitively { queue.append(related) } else { _ = loadModel(related) }
            }
        }
        // The models related to the kept ones are built too, so that relationships resolve.
        var built = kept
        for model in kept {
            for related in loadModel(model) where built.insert(related).inserted { _ = loadModel(related) }
        }
        loadOperations(of: built)
        return failed ? nil : (built, kept)
    }

    /// Loads a model's type and the types of its fields (connection types, non-model types and what
    /// they reach); returns the models its relationship fields point to.
    private mutating func loadModel(_ model: String) -> [String] {
        if let known = relatedModels[model] { return known }
        load([model])
        var related: [String] = []
        var nonModels: [String] = []
        for field in table[model]?.fields ?? [] {
            let name = field.type.namedType
            if modelSet.contains(name) {
                related.append(name)
                continue
            }
            guard table.kind(of: name) == .object || table.kind(of: name) == .interface else { continue }
            load([name])
            if let target = connectionModel(name) {
                related.append(target)
            } else {
                nonModels.append(name)
            }
        }
        loadNonModels(nonModels)
        relatedModels[model] = related
        return related
    }

    /// The model of a loaded connection type (`items: [T]` with `T` a model).
    private func connectionModel(_ name: String) -> String? {
        guard let items = table[name]?.field("items"), case .list(let element) = items.type.nullable,
            modelSet.contains(element.namedType)
        else { return nil }
        return element.namedType
    }

    /// Loads non-model object types and the object types their fields reach.
    private mutating func loadNonModels(_ names: [String]) {
        var queue = names
        var seen = Set(names)
        while let name = queue.popLast() {
            load([name])
            for field in table[name]?.fields ?? [] {
                let next = field.type.namedType
                guard !modelSet.contains(next), table.kind(of: next) == .object || table.kind(of: next) == .interface,
                    seen.insert(next).inserted
                else { continue }
                queue.append(next)
            }
        }
    }

    /// Parses the root fields that return the models or their connections, adds the root types
    /// with only those fields to the table, and loads the fields' argument types (and the input and
    /// enum types they reach). A connection type returned by a query field is parsed only when its
    /// text names one of the models.
    private mutating func loadOperations(of models: Set<String>) {
        // Few models: an array answers faster than hashing every returned type's name.
        let built = Array(models)
        var parser = DefinitionParser(bytes: bytes, file: "")
        var arguments: [String] = []
        let needles = models.map { Array($0.utf8) }
        /// Per returned type: whether it is a connection of one of the models.
        var isConnection: [String: Bool] = [:]
        for root in roots.types {
            var fields: [FieldDefinition] = []
            for fieldIndex in root.fields {
                for entry in fieldIndex.entries {
                    let returned = entry.typeName
                    var returnsModel = false
                    if !entry.typeIsList {
                        returnsModel = built.contains(returned)
                        if !returnsModel, root.name == roots.queryTypeName, !modelSet.contains(returned) {
                            if let known = isConnection[returned] {
                                returnsModel = known
                            } else {
                                if table.kind(of: returned) == .object, mayName(returned, oneOf: needles) {
                                    load([returned])
                                    returnsModel = connectionModel(returned).map(models.contains) ?? false
                                }
                                isConnection[returned] = returnsModel
                            }
                        }
                    }
                    // A root type with an `items` field would be a connection type to the reader.
                    guard returnsModel || entry.name == "items" else { continue }
                    guard let field = try? parser.parseField(entry) else {
                        failed = true
                        return
                    }
                    fields.append(field)
                    if returnsModel { arguments += field.arguments.map(\.type.namedType) }
                }
            }
            table.insertLoaded(
                TypeDefinition(kind: root.kind, name: root.name, fields: fields, location: SchemaDiagnostic.start))
        }
        var seen: Set<String> = []
        while let name = arguments.popLast() {
            guard seen.insert(name).inserted else { continue }
            let kind = table.kind(of: name)
            guard kind == .inputObject || kind == .enumeration else { continue }
            load([name])
            arguments += (table[name]?.inputFields ?? []).map(\.type.namedType)
        }
    }

    /// Whether the text of type `name`'s definitions contains one of `models` (a connection type
    /// of a model names it in its `items` field).
    private func mayName(_ name: String, oneOf needles: [[UInt8]]) -> Bool {
        table.definitionEntries(of: name).contains { entry in
            let range = entry.location.offset..<entry.end
            return needles.contains { Self.contains(bytes, range, $0) }
        }
    }

    private static func contains(_ bytes: [UInt8], _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, range.count >= needle.count else { return false }
        var p = range.lowerBound
        let last = range.upperBound - needle.count
        while p <= last {
            if bytes[p] == first {
                var k = 1
                while k < needle.count, bytes[p + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            p += 1
        }
        return false
    }

    private mutating func load(_ names: [String]) {
        if !table.load(names) { failed = true }
    }
}
