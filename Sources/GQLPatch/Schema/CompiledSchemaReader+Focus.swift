import GraphQLSDL

extension CompiledSchemaReader {
    /// Reads a compiled schema as far as `focus` needs, without parsing the rest of the document:
    /// the `schema` definition, the query and mutation types, the focused models and the models they
    /// relate to (transitively with `followsRelationsTransitively`), and the types these reach: their
    /// connection types, the argument types of their operations with the input and enum types those
    /// reach, and the non-model object types their fields reach. The result's `models` holds the
    /// focused and related models, each as `read` builds it from the whole schema (the models related
    /// to those are read too, so that relationships resolve as they do there); `modelNames` lists
    /// every model.
    ///
    /// Nil when anything goes wrong (a lexical or top-level error found by the scan, a syntax error in
    /// a parsed definition, a duplicate type, no model operations, a reader error): the caller then
    /// reads the whole document, which reports the first error exactly as before. Grammar errors
    /// inside definitions that are never parsed are not found (see `DefinitionIndex`).
    func readFocused(bytes: [UInt8], focus: CatalogueFocus) -> ModelCatalogue? {
        guard let index = DefinitionIndex.scan(bytes), var table = SchemaTypeTable(index: index, bytes: bytes, file: file),
            table.load([table.queryTypeName, table.mutationTypeName])
        else { return nil }
        let updates = Self.modelUpdateFields(table)
        guard !updates.isEmpty else { return nil }
        var planner = FocusPlanner(table: table, index: index, bytes: bytes, modelSet: Set(updates.map(\.model)))
        guard let (built, kept) = planner.plan(focus) else { return nil }
        return try? read(planner.table, focus: (built, kept))
    }
}

/// Decides and loads the types a focused read needs (see `CompiledSchemaReader.readFocused`).
private struct FocusPlanner {
    var table: SchemaTypeTable
    let index: DefinitionIndex
    let bytes: [UInt8]
    let modelSet: Set<String>
    /// Related models of each model whose type is loaded.
    private var relatedModels: [String: [String]] = [:]
    private var failed = false

    init(table: SchemaTypeTable, index: DefinitionIndex, bytes: [UInt8], modelSet: Set<String>) {
        self.table = table
        self.index = index
        self.bytes = bytes
        self.modelSet = modelSet
    }

    /// (models to build, models to keep), their types loaded; nil when a definition fails to parse.
    mutating func plan(_ focus: CatalogueFocus) -> (Set<String>, Set<String>)? {
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
        loadOperationTypes(of: built)
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

    /// Loads the argument types (and the input and enum types they reach) of the root fields that
    /// return the models or their connections. A connection type returned by a list query is parsed
    /// only when its text names one of the models.
    private mutating func loadOperationTypes(of models: Set<String>) {
        var arguments: [String] = []
        let needles = models.map { Array($0.utf8) }
        for rootName in [table.queryTypeName, table.mutationTypeName] {
            for field in table[rootName]?.fields ?? [] {
                guard case .named(let returned) = field.type.nullable else { continue }
                var returnsModel = models.contains(returned)
                if !returnsModel, rootName == table.queryTypeName, !modelSet.contains(returned),
                    table.kind(of: returned) == .object, mayName(returned, oneOf: needles)
                {
                    load([returned])
                    returnsModel = connectionModel(returned).map(models.contains) ?? false
                }
                if returnsModel { arguments += field.arguments.map(\.type.namedType) }
            }
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
        index.entries(named: name).contains { entry in
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
