import GraphQLSDL

/// Builds a `ModelCatalogue` from transformer-level model blueprints, generating every input object the
/// v2 transformer would emit for them: create/update/delete
/// inputs, filter, condition and subscription-filter inputs, enum filter inputs, `<T>Input` for non-model
/// types, the scalar `Model<S>Input` helpers, `ModelSizeInput` and the key-condition inputs.
package struct CatalogueGenerator {
    package var origin: ModelCatalogue.Origin
    /// The transformer whose input shapes to generate (v1 differs, see `v1ModelInputs`).
    package var generation: TransformerGeneration = .v2
    package var blueprints: [ModelBlueprint]
    /// Enum names and values in schema order.
    package var enums: [(name: String, values: [String])]
    package var nonModelTypes: [NonModelType]
    /// Input types written in the schema itself (custom operations), kept as they are.
    package var declaredInputs: [InputObject] = []
    package var scalars: Set<String> = ModelCatalogue.builtInScalars

    private var enumNames: Set<String> { Set(enums.map(\.name)) }

    package func generate() -> ModelCatalogue {
        var inputs: [String: InputObject] = [:]
        func add(_ input: InputObject) { inputs[input.name] = input }
        for input in declaredInputs { add(input) }
        // v1 has no subscription filters.
        for input in Self.scalarFilterInputs() where generation == .v2 || !input.name.hasPrefix("ModelSubscription") {
            add(input)
        }

        var catalogueEnums: [String: [String]] = [:]
        for e in enums { catalogueEnums[e.name] = e.values }
        catalogueEnums["ModelAttributeTypes"] = Self.attributeTypes
        catalogueEnums["ModelSortDirection"] = ["ASC", "DESC"]

        let nonModelsByName = Dictionary(nonModelTypes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var usedNonModels: [String] = []
        func collectNonModel(_ name: String) {
            guard !usedNonModels.contains(name), let type = nonModelsByName[name] else { return }
            usedNonModels.append(name)
            for field in type.fields where field.kind == .nonModel { collectNonModel(field.type.namedType) }
        }

        var models: [String: Model] = [:]
        for blueprint in blueprints {
            for field in blueprint.fields where field.kind == .nonModel { collectNonModel(field.type.namedType) }
            for field in blueprint.fields where field.kind == .enumeration {
                let e = field.type.namedType
                if field.type.isList {
                    add(
                        InputObject(
                            name: "Model\(e)ListInput",
                            fields: [
                                InputField(name: "eq", type: .list(.named(e))),
                                InputField(name: "ne", type: .list(.named(e))),
                                InputField(name: "contains", type: .named(e)),
                                InputField(name: "notContains", type: .named(e)),
                            ]))
                } else {
                    add(
                        InputObject(
                            name: "Model\(e)Input",
                            fields: [
                                InputField(name: "eq", type: .named(e)), InputField(name: "ne", type: .named(e)),
                            ]))
                }
            }
            let generated = generation == .v1 ? v1ModelInputs(blueprint) : modelInputs(blueprint)
            for input in generated.inputs { add(input) }
            models[blueprint.name] = model(
                blueprint, operations: generated.operations, updateInput: generated.update,
                indexArguments: generated.indexArguments)
        }
        for name in usedNonModels {
            guard let type = nonModelsByName[name] else { continue }
            add(
                InputObject(
                    name: AmplifyNaming.nonModelInputName(name),
                    fields: type.fields.map {
                        InputField(name: $0.name, type: inputType($0.type, kind: $0.kind))
                    }))
        }
        return ModelCatalogue(
            origin: origin, models: models, modelNames: blueprints.map(\.name), enums: catalogueEnums,
            nonModelTypes: nonModelsByName, inputObjects: inputs, scalars: scalars)
    }

    // MARK: - One model

    private func model(
        _ blueprint: ModelBlueprint, operations: ModelOperations, updateInput: InputObject?,
        indexArguments: [[OperationArgument]]
    ) -> Model {
        // A set, not `updateInput.field(_:)` per field: that scan made a type of n fields take n² steps.
        let updatable = updateInput.map { Set($0.fields.map(\.name)) }
        let fields = blueprint.fields.map { field -> ModelField in
            var readOnly =
                field.isReadOnly || CompiledSchemaReader.readOnlyFieldNames.contains(field.name)
                || blueprint.timestampFieldNames.contains(field.name) && field.origin == .timestamp
            if let updatable, !updatable.contains(field.name) { readOnly = true }
            // A v1 `@versioned` version field is the resolver's: it overwrites whatever an update sends (as the
            // compiled reader marks it).
            if blueprint.fieldVersioning?.versionField == field.name { readOnly = true }
            return ModelField(
                name: field.name, type: field.type, kind: field.kind, relationship: field.relationship,
                isReadOnly: readOnly,
                isImplicit: field.origin == .implicitOwner
                    || field.origin == .timestamp && blueprint.addedTimestampsMayBeAbsent)
        }
        return Model(
            name: blueprint.name, fields: fields, primaryKey: blueprint.primaryKey,
            isVersioned: blueprint.isVersioned, fieldVersioning: blueprint.fieldVersioning, operations: operations,
            indexes: zip(blueprint.indexes, indexArguments).map { index, arguments in
                ModelIndex(
                    name: index.name, queryField: index.queryField, keyFields: index.fields,
                    queryArguments: index.queryField == nil ? [] : arguments)
            }, ownerFields: blueprint.ownerFields)
    }

    private func modelInputs(_ m: ModelBlueprint) -> (
        inputs: [InputObject], operations: ModelOperations, update: InputObject?, indexArguments: [[OperationArgument]]
    ) {
        let name = m.name
        let scalarish = { (f: ModelBlueprint.Field) in f.kind == .scalar || f.kind == .enumeration }
        let declaredInputFields = m.fields.filter { $0.origin == .declared && $0.kind != .model }
        let foreignKeys = m.fields.filter { $0.origin == .foreignKey }
        let keySet = Set(m.primaryKey)
        var inputs: [InputObject] = []

        // Create<M>Input
        var create: [InputField] = declaredInputFields.map { f in
            var type = inputType(f.type, kind: f.kind)
            // An `id` key field (ID or String) stays optional: the resolver generates one when the create leaves it
            // out. Seen in the transformer's many-to-many test snapshot (`id` with `sortKeyFields: ["sortId"]`
            // gives `id: ID, sortId: ID!`) and in a real Gen 2 project (`id: String! @primaryKey` gives `id: String`).
            let isGeneratedID = f.name == "id" && ["ID", "String"].contains(f.type.namedType)
            if m.hasCustomPrimaryKey && keySet.contains(f.name) && !isGeneratedID {
                type = .nonNull(type.nullable)
            } else if f.name == "id" && ["ID", "String"].contains(f.type.namedType) {
                type = type.nullable
            } else if m.timestampFieldNames.contains(f.name) {
                type = type.nullable
            }
            return InputField(name: f.name, type: type)
        }
        if m.field("id")?.origin == .implicitID { create.append(InputField(name: "id", type: .named("ID"))) }
        if m.isVersioned { create.append(InputField(name: "_version", type: .named("Int"))) }
        create += foreignKeys.map { InputField(name: $0.name, type: $0.type) }

        // Update<M>Input
        var update: [InputField] = declaredInputFields.map { f in
            let type = inputType(f.type, kind: f.kind).nullable
            let isKey = m.hasCustomPrimaryKey ? keySet.contains(f.name) : f.name == "id"
            return InputField(name: f.name, type: isKey ? .nonNull(type) : type)
        }
        if m.field("id")?.origin == .implicitID { update.append(InputField(name: "id", type: .nonNull(.named("ID")))) }
        if m.isVersioned { update.append(InputField(name: "_version", type: .named("Int"))) }
        update += foreignKeys.map { InputField(name: $0.name, type: $0.type.nullable) }

        // Delete<M>Input
        let delete = deleteInputFields(m)

        // Model<M>ConditionInput
        let conditionName = AmplifyNaming.conditionInputName(name)
        var condition: [InputField] = m.fields.filter { f in
            guard f.origin == .declared, scalarish(f) else { return false }
            if m.hasCustomPrimaryKey && keySet.contains(f.name) { return false }
            return !(f.name == "id" && filterInputName(f) == "ModelIDInput")
        }.map { InputField(name: $0.name, type: .named(filterInputName($0))) }
        condition += logicalFields(conditionName, not: true)
        if m.isVersioned { condition.append(InputField(name: "_deleted", type: .named("ModelBooleanInput"))) }
        condition += m.fields.filter { $0.origin == .timestamp }.map {
            InputField(name: $0.name, type: .named("ModelStringInput"))
        }
        condition += foreignKeys.map { InputField(name: $0.name, type: .named(filterInputName($0))) }
        // The auth transformer runs after the model transformer: its implicit owner fields come last, as
        // `ModelStringInput` even in the subscription filter (the corpus' compiled schemas).
        let owners = m.fields.filter { $0.origin == .implicitOwner }.map {
            InputField(name: $0.name, type: .named("ModelStringInput"))
        }
        condition += owners

        // Model<M>FilterInput and ModelSubscription<M>FilterInput
        var filterFields = m.fields.filter { f in
            [.declared, .implicitID, .timestamp].contains(f.origin) && scalarish(f)
        }
        if m.hasCustomPrimaryKey && m.field("id") == nil {
            // The transformer adds `id` before @primaryKey removes it again, and the filters keep it.
            let phantom = ModelBlueprint.Field(
                name: "id", type: .nonNull(.named("ID")), kind: .scalar, origin: .implicitID)
            let at = filterFields.firstIndex { $0.origin == .timestamp } ?? filterFields.endIndex
            filterFields.insert(phantom, at: at)
        }
        let filterName = AmplifyNaming.filterInputName(name)
        var filter = filterFields.map { InputField(name: $0.name, type: .named(filterInputName($0))) }
        filter += logicalFields(filterName, not: true)
        if m.isVersioned { filter.append(InputField(name: "_deleted", type: .named("ModelBooleanInput"))) }
        filter += foreignKeys.map { InputField(name: $0.name, type: .named(filterInputName($0))) }
        filter += owners

        let subscriptionName = AmplifyNaming.subscriptionFilterInputName(name)
        var subscription = filterFields.map { InputField(name: $0.name, type: .named(subscriptionInputName($0))) }
        subscription += logicalFields(subscriptionName, not: false)
        if m.isVersioned { subscription.append(InputField(name: "_deleted", type: .named("ModelBooleanInput"))) }
        subscription += m.subscriptionFilterForeignKeys.map {
            InputField(name: $0.name, type: .named(subscriptionInputName($0)))
        }
        subscription += owners

        let createName = m.create.map { _ in AmplifyNaming.createInputName(name) }
        let updateName = m.update.map { _ in AmplifyNaming.updateInputName(name) }
        let deleteName = m.delete.map { _ in AmplifyNaming.deleteInputName(name) }
        let hasMutation = m.create != nil || m.update != nil || m.delete != nil
        let hasList = m.list != nil || m.sync != nil
        if let createName { inputs.append(InputObject(name: createName, fields: create)) }
        if let updateName { inputs.append(InputObject(name: updateName, fields: update)) }
        if let deleteName { inputs.append(InputObject(name: deleteName, fields: delete)) }
        if hasMutation { inputs.append(InputObject(name: conditionName, fields: condition)) }
        inputs.append(InputObject(name: filterName, fields: filter))
        inputs.append(InputObject(name: subscriptionName, fields: subscription))

        let (getArguments, listArguments, indexArguments) = keyArguments(m, filterName: filterName, into: &inputs)

        var operations = ModelOperations(
            get: m.get, list: m.list, sync: m.sync, create: m.create, update: m.update, delete: m.delete,
            createInput: createName, updateInput: updateName, deleteInput: deleteName,
            conditionInput: hasMutation ? conditionName : nil, filterInput: hasList ? filterName : nil,
            getArguments: m.get == nil ? [] : getArguments, listArguments: m.list == nil ? [] : listArguments)
        operations.subscriptions = subscriptions(m, filter: subscriptionName)
        let updateInput = updateName.map { InputObject(name: $0, fields: update) }
        return (inputs, operations, updateInput, indexArguments)
    }

    /// The transformer's subscriptions of a model: `onCreate<M>`, `onUpdate<M>`, `onDelete<M>` for
    /// the mutations it has, each taking `filter: ModelSubscription<M>FilterInput` (v2; v1's take no
    /// filter).
    func subscriptions(_ m: ModelBlueprint, filter: String) -> [ModelSubscription] {
        let filterArgument = OperationArgument(name: "filter", type: .named(filter))
        let arguments = generation == .v2 ? [filterArgument] : []
        let events: [(ModelSubscription.Event, String?)] = [
            (.create, m.create), (.update, m.update), (.delete, m.delete),
        ]
        return events.compactMap { event, mutation in
            guard mutation != nil else { return nil }
            let name = "on" + event.rawValue.prefix(1).uppercased() + event.rawValue.dropFirst() + m.name
            return ModelSubscription(event: event, name: name, arguments: arguments)
        }
    }

    /// `Delete<M>Input`'s fields, the same in both generations: the key fields in key order (required),
    /// then `_version` when the model is versioned.
    func deleteInputFields(_ m: ModelBlueprint) -> [InputField] {
        var delete: [InputField]
        if m.hasCustomPrimaryKey {
            delete = m.primaryKey.map { key in
                InputField(name: key, type: .nonNull((m.field(key)?.type ?? .named("ID")).nullable))
            }
        } else {
            delete = [InputField(name: "id", type: .nonNull(.named("ID")))]
        }
        if m.isVersioned { delete.append(InputField(name: "_version", type: .named("Int"))) }
        return delete
    }

    /// The `get` and `list` arguments (the key's, then `filter`, `limit`, `nextToken`, `sortDirection`), adding
    /// the key-condition inputs of the primary key and of every index.
    func keyArguments(
        _ m: ModelBlueprint, filterName: String, into inputs: inout [InputObject]
    ) -> (get: [OperationArgument], list: [OperationArgument], indexes: [[OperationArgument]]) {
        var getArguments = [OperationArgument(name: "id", type: .nonNull(.named("ID")))]
        var listArguments: [OperationArgument] = []
        if m.hasCustomPrimaryKey, let partition = m.primaryKey.first {
            getArguments = m.primaryKey.map { key in
                OperationArgument(name: key, type: .nonNull(.named(baseType(of: key, in: m))))
            }
            listArguments.append(OperationArgument(name: partition, type: .named(baseType(of: partition, in: m))))
            if let sortArgument = sortKeyArgument(m, keyFields: m.primaryKey, indexLabel: "Primary", into: &inputs) {
                listArguments.append(sortArgument)
            }
        }
        listArguments += [
            OperationArgument(name: "filter", type: .named(filterName)),
            OperationArgument(name: "limit", type: .named("Int")),
            OperationArgument(name: "nextToken", type: .named("String")),
        ]
        if m.hasCustomPrimaryKey {
            listArguments.append(OperationArgument(name: "sortDirection", type: .named("ModelSortDirection")))
        }
        // Each index query's arguments as the transformer prints them: the partition key (required in v2,
        // nullable in v1), the sort-key condition, sortDirection, filter, limit, nextToken.
        var indexArguments: [[OperationArgument]] = []
        for index in m.indexes {
            let sortArgument = sortKeyArgument(
                m, keyFields: index.fields, indexLabel: AmplifyNaming.upperFirst(index.name), into: &inputs)
            var arguments: [OperationArgument] = []
            if let partition = index.fields.first {
                arguments.append(
                    OperationArgument(
                        name: partition,
                        type: generation == .v1
                            ? .named(baseType(of: partition, in: m)) : .nonNull(.named(baseType(of: partition, in: m))))
                )
            }
            if let sortArgument { arguments.append(sortArgument) }
            arguments += [
                OperationArgument(name: "sortDirection", type: .named("ModelSortDirection")),
                OperationArgument(name: "filter", type: .named(filterName)),
                OperationArgument(name: "limit", type: .named("Int")),
                OperationArgument(name: "nextToken", type: .named("String")),
            ]
            indexArguments.append(arguments)
        }

        return (getArguments, listArguments, indexArguments)
    }

    /// The sort-key argument of a key (nil without sort keys), adding the key-condition inputs it needs.
    func sortKeyArgument(
        _ m: ModelBlueprint, keyFields: [String], indexLabel: String, into inputs: inout [InputObject]
    ) -> OperationArgument? {
        let sortKeys = Array(keyFields.dropFirst())
        guard !sortKeys.isEmpty else { return nil }
        if sortKeys.count == 1 {
            let key = sortKeys[0]
            let base = baseType(of: key, in: m)
            let scalar = AmplifyNaming.keyConditionScalar(base, isEnum: enumNames.contains(base)) ?? "String"
            let name = "Model\(scalar)KeyConditionInput"
            var fields = ["eq", "le", "lt", "ge", "gt"].map { InputField(name: $0, type: .named(scalar)) }
            fields.append(InputField(name: "between", type: .list(.named(scalar))))
            if scalar == "String" || scalar == "ID" {
                fields.append(InputField(name: "beginsWith", type: .named(scalar)))
            }
            inputs.append(InputObject(name: name, fields: fields))
            return OperationArgument(name: key, type: .named(name))
        }
        let keyInputName = "Model\(m.name)\(indexLabel)CompositeKeyInput"
        let conditionName = "Model\(m.name)\(indexLabel)CompositeKeyConditionInput"
        let keyFieldsInput = sortKeys.enumerated().map { offset, key -> InputField in
            var base = baseType(of: key, in: m)
            if offset == sortKeys.count - 1 {
                base = enumNames.contains(base) ? "String" : AmplifyNaming.filterScalar(base)
            }
            return InputField(name: key, type: .named(base))
        }
        inputs.append(InputObject(name: keyInputName, fields: keyFieldsInput))
        var conditionFields = ["eq", "le", "lt", "ge", "gt"].map { InputField(name: $0, type: .named(keyInputName)) }
        conditionFields.append(InputField(name: "between", type: .list(.named(keyInputName))))
        conditionFields.append(InputField(name: "beginsWith", type: .named(keyInputName)))
        inputs.append(InputObject(name: conditionName, fields: conditionFields))
        return OperationArgument(name: AmplifyNaming.camelCase(sortKeys), type: .named(conditionName))
    }

    // MARK: - Types

    func baseType(of field: String, in m: ModelBlueprint) -> String {
        m.field(field)?.type.namedType ?? "ID"
    }

    /// The input-side type of a field: non-model object types become `<T>Input`.
    func inputType(_ type: TypeReference, kind: ModelField.Kind) -> TypeReference {
        guard kind == .nonModel else { return type }
        return Self.renamed(type, to: AmplifyNaming.nonModelInputName(type.namedType))
    }

    package static func renamed(_ type: TypeReference, to name: String) -> TypeReference {
        switch type {
        case .named: return .named(name)
        case .list(let inner): return .list(renamed(inner, to: name))
        case .nonNull(let inner): return .nonNull(renamed(inner, to: name))
        }
    }

    func filterInputName(_ field: ModelBlueprint.Field) -> String {
        let base = field.type.namedType
        if field.kind == .enumeration { return field.type.isList ? "Model\(base)ListInput" : "Model\(base)Input" }
        return "Model\(AmplifyNaming.filterScalar(base))Input"
    }

    private func subscriptionInputName(_ field: ModelBlueprint.Field) -> String {
        if field.kind == .enumeration { return "ModelSubscriptionStringInput" }
        return "ModelSubscription\(AmplifyNaming.filterScalar(field.type.namedType))Input"
    }

    func logicalFields(_ name: String, not: Bool) -> [InputField] {
        var fields = [
            InputField(name: "and", type: .list(.named(name))), InputField(name: "or", type: .list(.named(name))),
        ]
        if not { fields.append(InputField(name: "not", type: .named(name))) }
        return fields
    }

    package static let attributeTypes = [
        "binary", "binarySet", "bool", "list", "map", "number", "numberSet", "string", "stringSet", "_null",
    ]

    /// `ModelStringInput` ... `ModelIDInput`, `ModelSubscription*Input` and `ModelSizeInput`.
    package static func scalarFilterInputs() -> [InputObject] {
        func fields(_ s: String, _ names: [String]) -> [InputField] {
            names.map { name in
                switch name {
                case "between", "in", "notIn": return InputField(name: name, type: .list(.named(s)))
                case "attributeExists": return InputField(name: name, type: .named("Boolean"))
                case "attributeType": return InputField(name: name, type: .named("ModelAttributeTypes"))
                case "size": return InputField(name: name, type: .named("ModelSizeInput"))
                default: return InputField(name: name, type: .named(s))
                }
            }
        }
        let compare = ["ne", "eq", "le", "lt", "ge", "gt"]
        let text = compare + ["contains", "notContains", "between", "beginsWith"]
        let number = compare + ["between"]
        let attributes = ["attributeExists", "attributeType"]
        return [
            InputObject(name: "ModelStringInput", fields: fields("String", text + attributes + ["size"])),
            InputObject(name: "ModelIntInput", fields: fields("Int", number + attributes)),
            InputObject(name: "ModelFloatInput", fields: fields("Float", number + attributes)),
            InputObject(name: "ModelBooleanInput", fields: fields("Boolean", ["ne", "eq"] + attributes)),
            InputObject(name: "ModelIDInput", fields: fields("ID", text + attributes + ["size"])),
            InputObject(name: "ModelSubscriptionStringInput", fields: fields("String", text + ["in", "notIn"])),
            InputObject(name: "ModelSubscriptionIntInput", fields: fields("Int", number + ["in", "notIn"])),
            InputObject(name: "ModelSubscriptionFloatInput", fields: fields("Float", number + ["in", "notIn"])),
            InputObject(name: "ModelSubscriptionBooleanInput", fields: fields("Boolean", ["ne", "eq"])),
            InputObject(name: "ModelSubscriptionIDInput", fields: fields("ID", text + ["in", "notIn"])),
            InputObject(name: "ModelSizeInput", fields: fields("Int", number)),
        ]
    }
}
