import GQLPatchSupport
import GraphQLSDL

/// Reads a compiled AppSync schema (v1 or v2 transformer output, or any schema of that shape).
/// Operations and inputs are read from the root types, never guessed from names:
///
/// - a model is an object type `T` for which the mutation type has a field returning `T` that takes
///   `input: <X>!` where `X` is an input type whose name begins with `Update`;
/// - `create`/`delete`: the mutation returning `T` whose input type begins with `Create`/`Delete`;
/// - `get`: a query field returning `T` whose arguments are all non-null scalars (`get<T>` preferred);
/// - `list`: a query field returning a connection (`items: [T]`) with `filter` and `nextToken`
///   arguments: `list<plural>` preferred, then any `list...` with no required argument, then any other
///   with no required argument (index queries take a required partition key);
/// - `sync`: the connection query whose name begins with `sync`;
/// - primary key: the `get` arguments in order (else the `Delete` input's fields without `_version`);
/// - v1 `@versioned`: see `fieldVersioning(model:primaryKey:createInput:updateInput:deleteInput:)`.
///
/// Relationships: a field typed `Model<R>Connection` is `.hasMany` of `R`. A field typed as model `R`
/// is `.belongsTo` when `R` has a has-many connection back to this model or when this model holds
/// fields for every key field of `R` (named `<field><Key>` as `references:`/`fields:` schemas do, or
/// `<r><HasManyField><Key>` as implicit foreign keys are); otherwise `.hasOne`. `keyFields` are filled
/// where those name patterns find every key field, else left empty.
package struct CompiledSchemaReader {
    /// Server-set fields: never sent in an update.
    package static let readOnlyFieldNames: Set<String> = [
        "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt",
    ]

    package var file: String

    package func read(_ document: Document) throws(GQLPatchError) -> ModelCatalogue {
        let table = try SchemaTypeTable(document: document, file: file)
        return try read(table)
    }

    /// True when the mutation type has at least one model update field (see the type's comment).
    package static func hasModelOperations(_ table: SchemaTypeTable) -> Bool {
        !modelUpdateFields(table).isEmpty
    }

    /// (model name, update field) pairs in mutation-field order.
    package static func modelUpdateFields(_ table: SchemaTypeTable) -> [(model: String, field: FieldDefinition)] {
        guard let mutation = table[table.mutationTypeName] else { return [] }
        let roots = table.rootTypeNames
        var result: [(String, FieldDefinition)] = []
        var seen: Set<String> = []
        for field in mutation.fields {
            guard let input = inputArgumentType(field, table), input.hasPrefix("Update") else { continue }
            let returned = field.type.nullable
            guard case .named(let model) = returned, table.kind(of: model) == .object,
                !roots.contains(model), seen.insert(model).inserted
            else { continue }
            result.append((model, field))
        }
        return result
    }

    /// Root fields grouped by the named type they return (`getItem` and `updateItem` under `Item`),
    /// in schema order, so each model finds its operations without scanning every root field.
    private static func fieldsByReturnedType(_ type: TypeDefinition?) -> [String: [FieldDefinition]] {
        var index: [String: [FieldDefinition]] = [:]
        for field in type?.fields ?? [] {
            guard case .named(let name) = field.type.nullable else { continue }
            index[name, default: []].append(field)
        }
        return index
    }

    /// The named input type of a field's `input: X!` argument, if it is an input type of the schema.
    package static func inputArgumentType(_ field: FieldDefinition, _ table: SchemaTypeTable) -> String? {
        guard let argument = field.arguments.first(where: { $0.name == "input" }), argument.type.isNonNull,
            case .named(let name) = argument.type.nullable, table.kind(of: name) == .inputObject
        else { return nil }
        return name
    }

    /// Reads the catalogue. With `focus`, only the models in `focus.built` are built (their types,
    /// and the types they reach, must be loaded in `table`) and those in `focus.kept` are returned;
    /// `modelNames` still lists every model. `allModels` (nil: the models the mutation type of
    /// `table` has) lists every model when `table` holds only some fields of the root types: those
    /// returning the built models and their connection types (see `readFocused`).
    package func read(
        _ table: SchemaTypeTable, allModels: [String]? = nil, focus: (built: Set<String>, kept: Set<String>)? = nil
    ) throws(GQLPatchError) -> ModelCatalogue {
        let updates = Self.modelUpdateFields(table)
        let modelNames = allModels ?? updates.map(\.model)
        guard !modelNames.isEmpty else {
            throw SchemaDiagnostic.error(
                file, SchemaDiagnostic.start, "no models found: no mutation takes an Update input")
        }
        let modelSet = Set(modelNames)
        let scalars = table.scalars
        let enumNames = Set(table.names(.enumeration))

        // Connection types: object types with `items: [T]` where T is a model.
        var connections: [String: String] = [:]
        for type in table.all(.object) {
            guard let items = type.field("items"), case .list(let element) = items.type.nullable else { continue }
            let model = element.namedType
            if modelSet.contains(model) { connections[type.name] = model }
        }
        // Query fields returning each model's connection, in schema order.
        var connectionQueries: [String: [FieldDefinition]] = [:]
        for field in table[table.queryTypeName]?.fields ?? [] {
            guard case .named(let returned) = field.type.nullable, let model = connections[returned] else { continue }
            connectionQueries[model, default: []].append(field)
        }

        func kind(of field: FieldDefinition, owner: String) throws(GQLPatchError) -> (ModelField.Kind, String?) {
            let name = field.type.namedType
            if scalars.contains(name) { return (.scalar, nil) }
            if enumNames.contains(name) { return (.enumeration, nil) }
            if modelSet.contains(name) { return (.model, name) }
            if let related = connections[name] { return (.model, related) }
            if let kind = table.kind(of: name), kind == .object || kind == .interface || kind == .union {
                return (.nonModel, nil)
            }
            throw SchemaDiagnostic.error(
                file, field.location, "unknown type \"\(name)\" for field \"\(owner).\(field.name)\"")
        }

        let queryFields = Self.fieldsByReturnedType(table[table.queryTypeName])
        let mutationFields = Self.fieldsByReturnedType(table[table.mutationTypeName])
        let subscriptionFields = Self.fieldsByReturnedType(table[table.subscriptionTypeName])
        var models: [String: Model] = [:]
        for (modelName, updateField) in updates where focus?.built.contains(modelName) ?? true {
            guard let type = table[modelName] else { continue }
            var ops = ModelOperations()
            ops.update = updateField.name
            ops.updateInput = Self.inputArgumentType(updateField, table)
            ops.conditionInput = conditionInput(updateField)
            for field in mutationFields[modelName] ?? [] {
                guard let input = Self.inputArgumentType(field, table) else { continue }
                if input.hasPrefix("Create"), ops.create == nil {
                    ops.create = field.name
                    ops.createInput = input
                } else if input.hasPrefix("Delete"), ops.delete == nil {
                    ops.delete = field.name
                    ops.deleteInput = input
                }
            }
            ops.subscriptions = Self.subscriptions(subscriptionFields[modelName] ?? [], operations: ops)
            // get (an enum key field, `kind: Color!`, is a get argument too)
            let getCandidates = (queryFields[modelName] ?? []).filter { field in
                !field.arguments.isEmpty
                    && field.arguments.allSatisfy {
                        $0.type.isNonNull && !$0.type.isList
                            && (scalars.contains($0.type.namedType) || enumNames.contains($0.type.namedType))
                    }
            }
            let getField = getCandidates.first { $0.name == AmplifyNaming.getName(modelName) } ?? getCandidates.first
            if let getField {
                ops.get = getField.name
                ops.getArguments = getField.arguments.map { OperationArgument(name: $0.name, type: $0.type) }
            }
            // list and sync
            let listCandidates = (connectionQueries[modelName] ?? []).filter { field in
                field.arguments.contains { $0.name == "filter" } && field.arguments.contains { $0.name == "nextToken" }
            }
            let optionalOnly = { (f: FieldDefinition) in f.arguments.allSatisfy { !$0.type.isNonNull } }
            let lists = listCandidates.filter { !$0.name.hasPrefix("sync") }
            // The transformer's own name wins; the pluralizer is only asked when the schema offers a choice.
            let plainLists = lists.filter { $0.name.hasPrefix("list") && optionalOnly($0) }
            let listField =
                (plainLists.count > 1 ? plainLists.first { $0.name == AmplifyNaming.listName(modelName) } : nil)
                ?? plainLists.first
                ?? lists.first(where: optionalOnly)
            if let listField {
                ops.list = listField.name
                ops.listArguments = listField.arguments.map { OperationArgument(name: $0.name, type: $0.type) }
                ops.filterInput = listField.arguments.first { $0.name == "filter" }?.type.namedType
            }
            if let syncField = listCandidates.first(where: { $0.name.hasPrefix("sync") }) {
                ops.sync = syncField.name
                if ops.filterInput == nil {
                    ops.filterInput = syncField.arguments.first { $0.name == "filter" }?.type.namedType
                }
            }
            // primary key
            var primaryKey = ops.getArguments.map(\.name)
            if primaryKey.isEmpty, let deleteInput = ops.deleteInput, let input = table[deleteInput] {
                primaryKey = input.inputFields.map(\.name).filter { $0 != "_version" && type.field($0) != nil }
            }
            if primaryKey.isEmpty {
                throw SchemaDiagnostic.error(
                    file, type.location, "model \"\(modelName)\" has no key: no get query and no Delete input")
            }
            let updateInput = ops.updateInput.flatMap { table[$0] }
            let fieldVersioning = Self.fieldVersioning(
                model: type, primaryKey: primaryKey, createInput: ops.createInput.flatMap { table[$0] },
                updateInput: updateInput, deleteInput: ops.deleteInput.flatMap { table[$0] })
            var fields: [ModelField] = []
            for field in type.fields {
                let (fieldKind, related) = try kind(of: field, owner: modelName)
                // The version field is the resolver's to set, even where the update input has it.
                let readOnly =
                    Self.readOnlyFieldNames.contains(field.name) || field.name == fieldVersioning?.versionField
                    || (updateInput.map { input in !input.inputFields.contains { $0.name == field.name } } ?? false)
                var relationship: Relationship?
                if let related {
                    if connections[field.type.namedType] != nil {
                        relationship = Relationship(kind: .hasMany, relatedModel: related, keyFields: [])
                    } else {
                        relationship = Relationship(kind: .hasOne, relatedModel: related, keyFields: [])
                    }
                }
                fields.append(
                    ModelField(
                        name: field.name, type: field.type, kind: fieldKind, relationship: relationship,
                        isReadOnly: readOnly))
            }
            let isVersioned =
                type.field("_version") != nil
                || (updateInput?.inputFields.contains { $0.name == "_version" } ?? false)
            models[modelName] = Model(
                name: modelName, fields: fields, primaryKey: primaryKey, isVersioned: isVersioned,
                fieldVersioning: fieldVersioning, operations: ops,
                indexes: Self.indexes(
                    of: type, queries: connectionQueries[modelName] ?? [], except: ops, table: table))
        }
        Self.resolveRelationships(&models)
        if let kept = focus?.kept { models = models.filter { kept.contains($0.key) } }

        var nonModels: [String: NonModelType] = [:]
        for type in table.all(.object)
        where !modelSet.contains(type.name) && connections[type.name] == nil
            && !table.rootTypeNames.contains(type.name)
        {
            var fields: [ModelField] = []
            for field in type.fields {
                let (fieldKind, _) = try kind(of: field, owner: type.name)
                fields.append(ModelField(name: field.name, type: field.type, kind: fieldKind))
            }
            nonModels[type.name] = NonModelType(name: type.name, fields: fields)
        }
        var inputs: [String: InputObject] = [:]
        for input in table.all(.inputObject) {
            inputs[input.name] = InputObject(
                name: input.name, fields: input.inputFields.map { InputField(name: $0.name, type: $0.type) })
        }
        var enums: [String: [String]] = [:]
        for e in table.all(.enumeration) { enums[e.name] = e.enumValues.map(\.name) }
        return ModelCatalogue(
            origin: .compiledSchema, models: models, modelNames: modelNames, enums: enums, nonModelTypes: nonModels,
            inputObjects: inputs, scalars: scalars)
    }

    private func conditionInput(_ field: FieldDefinition) -> String? {
        field.arguments.first { $0.name == "condition" }?.type.namedType
    }

    /// Decides belongsTo/hasOne and fills `keyFields` by the name patterns described on the type.
    package static func resolveRelationships(_ models: inout [String: Model]) {
        let snapshot = models
        for (name, model) in snapshot {
            var fields = model.fields
            for index in fields.indices {
                guard var relationship = fields[index].relationship, let related = snapshot[relationship.relatedModel]
                else {
                    continue
                }
                let fieldName = fields[index].name
                switch relationship.kind {
                case .hasMany:
                    // The child's belongsTo back to us names the key fields, or the implicit FK pattern does.
                    let implicit = related.primaryKeyNames(
                        prefix: AmplifyNaming.camelCase([name, fieldName]), from: model)
                    if let back = related.fields.first(where: {
                        $0.relationship?.relatedModel == name && $0.relationship?.kind != .hasMany
                    }),
                        let keys = related.keyFieldsOfReference(
                            back.name, to: model, hasManyField: fieldName, parent: name)
                    {
                        relationship.keyFields = keys
                    } else if implicit.allSatisfy({ related.field($0) != nil }) {
                        relationship.keyFields = implicit
                    }
                case .hasOne, .belongsTo:
                    let hasManyBack = related.fields.first {
                        $0.relationship?.kind == .hasMany && $0.relationship?.relatedModel == name
                    }
                    if let keys = model.keyFieldsOfReference(
                        fieldName, to: related, hasManyField: hasManyBack?.name, parent: related.name)
                    {
                        relationship.kind = .belongsTo
                        relationship.keyFields = keys
                    } else if hasManyBack != nil {
                        relationship.kind = .belongsTo
                    } else {
                        // A has-one: the related model may hold our key (`<r><Field><Key>` pattern).
                        let implicit = related.primaryKeyNames(
                            prefix: AmplifyNaming.camelCase([name, fieldName]), from: related)
                        let own = model.primaryKeyNames(
                            prefix: AmplifyNaming.camelCase([name, fieldName]), from: related)
                        if own.allSatisfy({ model.field($0) != nil }) {
                            relationship.keyFields = own
                        } else if implicit.allSatisfy({ related.field($0) != nil }) {
                            relationship.keyFields = implicit
                        }
                    }
                }
                fields[index].relationship = relationship
            }
            models[name]?.fields = fields
        }
    }
}

extension Model {
    /// `prefix + UpperFirst(k)` for each key field `k` of `keyOwner`.
    fileprivate func primaryKeyNames(prefix: String, from keyOwner: Model) -> [String] {
        keyOwner.primaryKey.map { prefix + AmplifyNaming.upperFirst($0) }
    }

    /// The fields of this model that hold `parent`'s key for relationship field `field`: `<field><Key>`
    /// (references/fields style) or `<parent><HasManyField><Key>` (implicit style), if all exist.
    fileprivate func keyFieldsOfReference(
        _ field: String, to parent: Model, hasManyField: String?, parent parentName: String
    ) -> [String]? {
        let direct = parent.primaryKey.map { field + AmplifyNaming.upperFirst($0) }
        if direct.allSatisfy({ self.field($0) != nil }) { return direct }
        if let hasManyField {
            let implicit = parent.primaryKey.map { AmplifyNaming.camelCase([parentName, hasManyField, $0]) }
            if implicit.allSatisfy({ self.field($0) != nil }) { return implicit }
        }
        return nil
    }
}
