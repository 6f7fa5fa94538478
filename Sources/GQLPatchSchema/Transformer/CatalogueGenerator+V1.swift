import GraphQLSDL

extension CatalogueGenerator {
    /// One model's inputs and operations as the v1 transformer generates them (see
    /// `V1SourceSchemaTransformer` for how they differ from v2's): inputs only for the operations the
    /// model has, filters and conditions of declared fields only, `@connection` foreign keys in the create
    /// and update inputs, `@versioned`'s `expectedVersion` in the update and delete inputs.
    func v1ModelInputs(_ m: ModelBlueprint) -> (
        inputs: [InputObject], operations: ModelOperations, update: InputObject?, indexArguments: [[OperationArgument]]
    ) {
        let name = m.name
        let keySet = Set(m.primaryKey)
        let declared = m.fields.filter { $0.origin == .declared && $0.kind != .model }
        let versionField = m.fieldVersioning?.versionField
        let isKey = { (f: ModelBlueprint.Field) in m.hasCustomPrimaryKey ? keySet.contains(f.name) : f.name == "id" }
        var inputs: [InputObject] = []

        // Create<M>Input: the undeclared id first, declared fields (a declared `id` nullable, the version
        // counter left out), `_version`, connection keys.
        var create: [InputField] = []
        if m.field("id")?.origin == .implicitID { create.append(InputField(name: "id", type: .named("ID"))) }
        for f in declared where f.name != versionField {
            var type = inputType(f.type, kind: f.kind)
            if m.hasCustomPrimaryKey && keySet.contains(f.name) {
                type = .nonNull(type.nullable)
            } else if f.name == "id" && ["ID", "String"].contains(f.type.namedType) {
                type = type.nullable
            }
            create.append(InputField(name: f.name, type: type))
        }
        if m.isVersioned { create.append(InputField(name: "_version", type: .named("Int"))) }
        create += m.connectionInputFields.map {
            InputField(name: $0.name, type: $0.requiredOnCreate ? .nonNull(.named("ID")) : .named("ID"))
        }

        // Update<M>Input: declared fields nullable but the key's (an undeclared id is not there).
        var update: [InputField] = declared.map { f in
            let type = inputType(f.type, kind: f.kind).nullable
            return InputField(name: f.name, type: isKey(f) ? .nonNull(type) : type)
        }
        if m.isVersioned { update.append(InputField(name: "_version", type: .named("Int"))) }
        update += m.connectionInputFields.map { InputField(name: $0.name, type: .named("ID")) }

        // Delete<M>Input: the key fields in key order, as v2 has them.
        var delete = deleteInputFields(m)
        if let versioning = m.fieldVersioning {
            update.append(InputField(name: versioning.versionInput, type: .nonNull(.named("Int"))))
            delete.append(InputField(name: versioning.versionInput, type: .nonNull(.named("Int"))))
        }

        // Model<M>FilterInput and Model<M>ConditionInput: declared scalar and enum fields only; the
        // condition without the fields of owner and dynamic group rules (the auth transformer takes them
        // out, so a condition cannot probe who owns a record; v2 keeps them).
        let scalarish = declared.filter { $0.kind == .scalar || $0.kind == .enumeration }
        let authFields = Set(m.ownerFields + m.groupsFields)
        let filterName = AmplifyNaming.filterInputName(name)
        let filter =
            scalarish.map { InputField(name: $0.name, type: .named(filterInputName($0))) }
            + logicalFields(filterName, not: true)
        let conditionName = AmplifyNaming.conditionInputName(name)
        let condition =
            scalarish.filter { f in
                if m.hasCustomPrimaryKey && keySet.contains(f.name) || authFields.contains(f.name) { return false }
                return !(f.name == "id" && filterInputName(f) == "ModelIDInput")
            }.map { InputField(name: $0.name, type: .named(filterInputName($0))) }
            + logicalFields(conditionName, not: true)

        let createName = m.create.map { _ in AmplifyNaming.createInputName(name) }
        let updateName = m.update.map { _ in AmplifyNaming.updateInputName(name) }
        let deleteName = m.delete.map { _ in AmplifyNaming.deleteInputName(name) }
        let hasMutation = m.create != nil || m.update != nil || m.delete != nil
        let hasList = m.list != nil || m.sync != nil
        if let createName { inputs.append(InputObject(name: createName, fields: create)) }
        if let updateName { inputs.append(InputObject(name: updateName, fields: update)) }
        if let deleteName { inputs.append(InputObject(name: deleteName, fields: delete)) }
        if hasMutation { inputs.append(InputObject(name: conditionName, fields: condition)) }
        if hasList { inputs.append(InputObject(name: filterName, fields: filter)) }

        let (getArguments, listArguments, indexArguments) = keyArguments(m, filterName: filterName, into: &inputs)
        var operations = ModelOperations(
            get: m.get, list: m.list, sync: m.sync, create: m.create, update: m.update, delete: m.delete,
            createInput: createName, updateInput: updateName, deleteInput: deleteName,
            conditionInput: hasMutation ? conditionName : nil, filterInput: hasList ? filterName : nil,
            getArguments: m.get == nil ? [] : getArguments, listArguments: m.list == nil ? [] : listArguments)
        operations.subscriptions = subscriptions(m, filter: "")
        return (inputs, operations, updateName.map { InputObject(name: $0, fields: update) }, indexArguments)
    }
}
