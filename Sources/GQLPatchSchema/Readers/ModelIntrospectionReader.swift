import GQLPatchSupport
import GraphQLSDL
import JSON

/// Reads a Gen 2 `model_introspection` document: models with their fields,
/// `primaryKeyInfo`, `pluralName` and associations, enums and non-models. The inputs are generated
/// by the transformer's rules, as for a source schema. A model is versioned only when it has a
/// `_version` field (never because of `syncable`, which is always true), or when the caller forces it.
package struct ModelIntrospectionReader {
    package var file: String
    /// Forces conflict detection on or off for every model.
    package var versionedOverride: Bool? = nil

    package init(file: String, versionedOverride: Bool? = nil) {
        self.file = file
        self.versionedOverride = versionedOverride
    }

    /// `introspection` is the document itself; `path` is where it sits in the file, for messages
    /// (`data.model_introspection` in `amplify_outputs.json`, empty for a bare document).
    package func read(_ introspection: JSONValue, path: String) throws(GQLPatchError) -> ModelCatalogue {
        let prefix = path.isEmpty ? "" : path + "."
        guard let models = introspection["models"]?.objectValue else {
            throw problem("\(prefix)models must be an object")
        }
        guard !models.isEmpty else { throw problem("\(prefix)models is empty: no models found") }
        var enums: [(name: String, values: [String])] = []
        if let enumObject = introspection["enums"]?.objectValue {
            for (name, value) in enumObject {
                let values = (value["values"]?.arrayValue ?? []).compactMap(\.stringValue)
                enums.append((value["name"]?.stringValue ?? name, values))
            }
        }
        let enumNames = Set(enums.map(\.name))
        var nonModels: [NonModelType] = []
        if let nonModelObject = introspection["nonModels"]?.objectValue {
            for (name, value) in nonModelObject {
                let fieldsPath = "\(prefix)nonModels.\(name).fields"
                guard let fieldObject = value["fields"]?.objectValue else {
                    throw problem("\(fieldsPath) must be an object")
                }
                var fields: [ModelField] = []
                for (fieldName, field) in fieldObject {
                    let parsed = try self.field(
                        field, name: fieldName, path: "\(fieldsPath).\(fieldName)", enums: enumNames)
                    fields.append(ModelField(name: fieldName, type: parsed.type, kind: parsed.kind))
                }
                nonModels.append(NonModelType(name: value["name"]?.stringValue ?? name, fields: fields))
            }
        }

        var blueprints: [ModelBlueprint] = []
        for (key, model) in models {
            let modelPath = "\(prefix)models.\(key)"
            let name = model["name"]?.stringValue ?? key
            guard let fieldObject = model["fields"]?.objectValue else {
                throw problem("\(modelPath).fields must be an object")
            }
            guard let keyInfo = model["primaryKeyInfo"]?.objectValue,
                let partition = keyInfo["primaryKeyFieldName"]?.stringValue
            else { throw problem("\(modelPath).primaryKeyInfo.primaryKeyFieldName must be a string") }
            let sortKeys = (keyInfo["sortKeyFieldNames"]?.arrayValue ?? []).compactMap(\.stringValue)
            var isCustom: Bool
            if case .bool(let flag) = keyInfo["isCustomPrimaryKey"] {
                isCustom = flag
            } else {
                isCustom = !sortKeys.isEmpty
            }
            // `id: String! @primaryKey` is introspected as not custom (the key is named id, with no sort
            // key), but its unnamed `key` attribute says it was declared, and the transformer compiles a
            // declared key as such: typed as given (`getUser(id: String!)`), with list key arguments.
            let attributes = model["attributes"]?.arrayValue ?? []
            if attributes.contains(where: { $0["type"]?.stringValue == "key" && $0["properties"]?["name"] == nil }) {
                isCustom = true
            }
            let versioned = versionedOverride ?? (fieldObject["_version"] != nil)

            var fields: [ModelBlueprint.Field] = []
            for (fieldName, field) in fieldObject {
                let fieldPath = "\(modelPath).fields.\(fieldName)"
                let parsed = try self.field(field, name: fieldName, path: fieldPath, enums: enumNames)
                var readOnly = false
                if case .bool(let flag) = field["isReadOnly"] { readOnly = flag }
                let origin: ModelBlueprint.Field.Origin
                if CompiledSchemaReader.readOnlyFieldNames.contains(fieldName) && fieldName.hasPrefix("_") {
                    origin = .sync
                } else if (fieldName == "createdAt" || fieldName == "updatedAt") && readOnly {
                    origin = .timestamp
                } else if fieldName == "id" && !isCustom && parsed.type.namedType == "ID" {
                    origin = .implicitID
                } else {
                    origin = .declared
                }
                var relationship: Relationship?
                var type = parsed.type
                if parsed.kind == .model, let related = parsed.related {
                    let association = field["association"]
                    let connection = association?["connectionType"]?.stringValue
                    let associatedWith = (association?["associatedWith"]?.arrayValue ?? []).compactMap(\.stringValue)
                    let targetNames = (association?["targetNames"]?.arrayValue ?? []).compactMap(\.stringValue)
                    switch connection {
                    case "HAS_MANY":
                        relationship = Relationship(kind: .hasMany, relatedModel: related, keyFields: associatedWith)
                        type = .named(AmplifyNaming.connectionName(related))
                    case "BELONGS_TO":
                        relationship = Relationship(kind: .belongsTo, relatedModel: related, keyFields: targetNames)
                    default:
                        relationship = Relationship(
                            kind: parsed.type.isList ? .hasMany : .hasOne, relatedModel: related,
                            keyFields: associatedWith.isEmpty ? targetNames : associatedWith)
                        if parsed.type.isList { type = .named(AmplifyNaming.connectionName(related)) }
                    }
                }
                fields.append(
                    ModelBlueprint.Field(
                        name: fieldName, type: type, kind: parsed.kind, relationship: relationship, origin: origin,
                        isReadOnly: readOnly))
            }
            // The compiled type's order: declared fields, id, timestamps, sync fields.
            let rank: (ModelBlueprint.Field.Origin) -> Int = { origin in
                switch origin {
                case .declared: return 0
                case .implicitID: return 1
                case .timestamp: return 2
                case .sync: return 3
                case .foreignKey, .versionField, .implicitOwner: return 4
                }
            }
            fields = fields.enumerated().sorted { a, b in
                (rank(a.element.origin), a.offset) < (rank(b.element.origin), b.offset)
            }.map(\.element)
            if versioned && fields.first(where: { $0.name == "_version" }) == nil {
                fields.append(
                    ModelBlueprint.Field(name: "_version", type: .nonNull(.named("Int")), kind: .scalar, origin: .sync))
                fields.append(
                    ModelBlueprint.Field(name: "_deleted", type: .named("Boolean"), kind: .scalar, origin: .sync))
                fields.append(
                    ModelBlueprint.Field(
                        name: "_lastChangedAt", type: .nonNull(.named("AWSTimestamp")), kind: .scalar, origin: .sync))
            }
            var blueprint = ModelBlueprint(
                name: name, fields: fields, primaryKey: [partition] + sortKeys, hasCustomPrimaryKey: isCustom,
                isVersioned: versioned)
            blueprint.timestampFieldNames = fields.filter { $0.origin == .timestamp }.map(\.name)
            blueprint.ownerFields = OwnerRules.ownerFields(ofIntrospected: attributes)
            blueprint.addImplicitOwnerFields()
            blueprint.useDefaultOperationNames()
            if let plural = model["pluralName"]?.stringValue {
                blueprint.list = AmplifyNaming.camelCase(["list", plural])
                blueprint.sync = versioned ? AmplifyNaming.camelCase(["sync", plural]) : nil
            }
            for attribute in attributes where attribute["type"]?.stringValue == "key" {
                guard let indexName = attribute["properties"]?["name"]?.stringValue else { continue }
                let indexFields = (attribute["properties"]?["fields"]?.arrayValue ?? []).compactMap(\.stringValue)
                blueprint.indexes.append(ModelBlueprint.Index(name: indexName, fields: indexFields))
            }
            blueprints.append(blueprint)
        }
        var catalogue = CatalogueGenerator(
            origin: .modelIntrospection, blueprints: blueprints, enums: enums, nonModelTypes: nonModels
        ).generate()
        // The inputs of custom operations (`a.customType` arguments), typed as their fields say.
        for (key, value) in introspection["inputs"]?.objectValue ?? JSONObject() {
            let name = value["name"]?.stringValue ?? key
            var fields: [InputField] = []
            for (fieldName, spec) in value["attributes"]?.objectValue ?? JSONObject() {
                let parsed = try field(
                    spec, name: fieldName, path: "\(prefix)inputs.\(key).attributes.\(fieldName)", enums: enumNames,
                    inputs: true)
                fields.append(InputField(name: fieldName, type: parsed.type))
            }
            if catalogue.inputObjects[name] == nil {
                catalogue.inputObjects[name] = InputObject(name: name, fields: fields)
            }
        }
        return catalogue
    }

    private struct ParsedField {
        package var type: TypeReference
        package var kind: ModelField.Kind
        package var related: String?
    }

    /// `inputs`: the field of an input, which may name another input (`{"input": X}`).
    private func field(
        _ value: JSONValue, name: String, path: String, enums: Set<String>, inputs: Bool = false
    ) throws(GQLPatchError) -> ParsedField {
        guard value.objectValue != nil else { throw problem("\(path) must be an object") }
        let base: String
        let kind: ModelField.Kind
        var related: String?
        switch value["type"] {
        case .string(let scalar)?:
            base = scalar
            kind = enums.contains(scalar) ? .enumeration : .scalar
        case .object(let object)?:
            if let e = object["enum"]?.stringValue {
                (base, kind) = (e, .enumeration)
            } else if let m = object["model"]?.stringValue {
                (base, kind, related) = (m, .model, m)
            } else if let n = object["nonModel"]?.stringValue {
                (base, kind) = (n, .nonModel)
            } else if inputs, let i = object["input"]?.stringValue {
                (base, kind) = (i, .nonModel)
            } else {
                throw problem("\(path).type must name an enum, model or nonModel")
            }
        default:
            throw problem("\(path).type must be a string or an object")
        }
        func flag(_ key: String) -> Bool {
            if case .bool(let b) = value[key] { return b }
            return false
        }
        let element: TypeReference = flag("isRequired") ? .nonNull(.named(base)) : .named(base)
        var type = element
        if flag("isArray") {
            type = .list(element)
            if value["isArrayNullable"] != nil, !flag("isArrayNullable") { type = .nonNull(type) }
        }
        return ParsedField(type: type, kind: kind, related: related)
    }

    private func problem(_ message: String) -> GQLPatchError {
        GQLPatchError(.configuration, "\(file): \(message)")
    }
}
