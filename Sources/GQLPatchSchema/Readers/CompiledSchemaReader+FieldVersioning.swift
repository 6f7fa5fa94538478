import GraphQLSDL

extension CompiledSchemaReader {
    /// v1 `@versioned` read from what its transformer leaves in a compiled schema (it adds `expectedVersion:
    /// Int!` to the update and delete inputs, takes the version field out of the create input and makes it
    /// `Int!` on the type; `versionField:`/`versionInput:` rename both, so names are not trusted):
    ///
    /// - the version input is the update input's one `Int!` field that is not a field of the model (nor
    ///   `_version`), and the delete input, when there is one, has it too as `Int!`;
    /// - the version field is the model's `Int!` field that the create input lacks and that is neither a
    ///   key nor a server-set field; when several are, the one the input names (`expectedRev` -> `rev`),
    ///   else `version`.
    ///
    /// Nil unless both are found.
    package static func fieldVersioning(
        model type: TypeDefinition, primaryKey: [String], createInput: TypeDefinition?, updateInput: TypeDefinition?,
        deleteInput: TypeDefinition?
    ) -> FieldVersioning? {
        let requiredInt = TypeReference.nonNull(.named("Int"))
        guard let updateInput else { return nil }
        let inputs = updateInput.inputFields.filter { field in
            field.type == requiredInt && field.name != "_version" && type.field(field.name) == nil
                && (deleteInput.map { delete in
                    delete.inputFields.contains { $0.name == field.name && $0.type == field.type }
                }
                    ?? true)
        }
        guard inputs.count == 1, let versionInput = inputs.first?.name else { return nil }
        let candidates = type.fields.map(\.name).filter { name in
            type.field(name)?.type == requiredInt && !primaryKey.contains(name) && !readOnlyFieldNames.contains(name)
                && !(createInput?.inputFields.contains { $0.name == name } ?? false)
        }
        let named =
            versionInput.hasPrefix("expected") ? AmplifyNaming.lowerFirst(String(versionInput.dropFirst(8))) : nil
        let versionField =
            candidates.count == 1
            ? candidates[0] : candidates.first { $0 == named } ?? candidates.first { $0 == "version" }
        return versionField.map { FieldVersioning(versionField: $0, versionInput: versionInput) }
    }
}
