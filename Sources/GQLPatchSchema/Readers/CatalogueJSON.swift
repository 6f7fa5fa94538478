import GraphQLSDL
import JSON

/// The model catalogue as `gqlpatch schema` prints it: per model its fields (type as SDL, required,
/// list, kind, relationship), primary key, relationships, whether it is versioned, its owner fields (when it has any), and the names of
/// its operations and inputs (absent operations are null).
package enum CatalogueJSON {
    package static func render(_ catalogue: ModelCatalogue, source: String) -> JSONValue {
        var models = JSONObject()
        for name in catalogue.modelNames {
            if let model = catalogue.models[name] { models[name] = render(model) }
        }
        var enums = JSONObject()
        for name in catalogue.enums.keys.sorted() {
            enums[name] = .array((catalogue.enums[name] ?? []).map(JSONValue.string))
        }
        var nonModel = JSONObject()
        for name in catalogue.nonModelTypes.keys.sorted() {
            if let type = catalogue.nonModelTypes[name] {
                nonModel[name] = .object(JSONObject([("fields", .array(type.fields.map(render)))]))
            }
        }
        return .object(
            JSONObject([
                ("source", .string(source)),
                ("origin", .string(catalogue.origin.rawValue)),
                ("models", .object(models)),
                ("enums", .object(enums)),
                ("nonModelTypes", .object(nonModel)),
            ]))
    }

    package static func render(_ model: Model) -> JSONValue {
        let operations = model.operations
        let names: [(String, String?)] = [
            ("get", operations.get), ("list", operations.list), ("sync", operations.sync),
            ("create", operations.create),
            ("update", operations.update), ("delete", operations.delete), ("createInput", operations.createInput),
            ("updateInput", operations.updateInput), ("deleteInput", operations.deleteInput),
            ("conditionInput", operations.conditionInput), ("filterInput", operations.filterInput),
        ]
        var operationObject = JSONObject()
        for (key, value) in names { operationObject[key] = value.map(JSONValue.string) ?? .null }
        operationObject["getArguments"] = .array(operations.getArguments.map(render))
        operationObject["listArguments"] = .array(operations.listArguments.map(render))
        let relationships = model.relationships.compactMap { field -> JSONValue? in
            guard let relationship = field.relationship else { return nil }
            return .object(
                JSONObject([
                    ("field", .string(field.name)),
                    ("kind", .string(relationship.kind.rawValue)),
                    ("model", .string(relationship.relatedModel)),
                    ("keyFields", .array(relationship.keyFields.map(JSONValue.string))),
                ]))
        }
        var object = JSONObject([
            ("name", .string(model.name)),
            ("primaryKey", .array(model.primaryKey.map(JSONValue.string))),
            ("versioned", .bool(model.isVersioned)),
        ])
        // Only when there is one: the catalogues of schemas without owner rules print as before.
        if !model.ownerFields.isEmpty { object["ownerFields"] = .array(model.ownerFields.map(JSONValue.string)) }
        if let versioning = model.fieldVersioning {
            object["fieldVersioning"] = .object(
                JSONObject([
                    ("versionField", .string(versioning.versionField)),
                    ("versionInput", .string(versioning.versionInput)),
                ]))
        }
        object["fields"] = .array(model.fields.map(render))
        object["relationships"] = .array(relationships)
        object["operations"] = .object(operationObject)
        return .object(object)
    }

    package static func render(_ field: ModelField) -> JSONValue {
        var object = JSONObject([
            ("name", .string(field.name)),
            ("type", .string(field.type.description)),
            ("required", .bool(field.isRequired)),
            ("list", .bool(field.isList)),
            ("kind", .string(field.kind.rawValue)),
        ])
        if field.isReadOnly { object["readOnly"] = .bool(true) }
        if let relationship = field.relationship {
            object["relationship"] = .string(relationship.kind.rawValue)
        }
        return .object(object)
    }

    package static func render(_ argument: OperationArgument) -> JSONValue {
        .object(JSONObject([("name", .string(argument.name)), ("type", .string(argument.type.description))]))
    }
}
