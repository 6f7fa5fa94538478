import GQLPatchSupport
import GraphQLSDL

/// Reads a v1 transformer source schema (`@key`, `@connection`, `@versioned`) into the blueprints the v1
/// transformer (graphql-transformer-core 6, with its DynamoDB, key, connection and versioned transformers)
/// compiles it to. Where v1 differs from v2 (checked against the real transformer's output):
///
/// - the first `@key` without `name:` is the primary key (partition key then sort keys); no `id` is added
///   then. Named `@key`s are secondary indexes, queried when they have `queryField:`;
/// - an `id` the model does not declare goes first on the type and in the create input, and is in neither
///   the update input nor the filters (so the update input of such a model has no key: as compiled);
/// - `list` + name + "s" (the pluralizer only with `improvepluralization`); `sync` names use the pluralizer;
/// - `_version`/`_deleted`/`_lastChangedAt` come before the timestamps; filters and conditions list only
///   declared fields (no timestamps, no `_deleted`); there are no subscription filter inputs;
/// - `@connection` without `fields:` adds its foreign key (`postBlogId`, `commentPostId`, or `keyField:`)
///   to the create and update inputs only, never to the type or the filters;
/// - `@versioned` appends `version: Int!` to the type when not declared, drops it from the create input and
///   adds `expectedVersion: Int!` to the update and delete inputs (`versionField:`/`versionInput:` rename);
/// - `@model(queries: {...})`/`mutations: {...}` generates only the operations the object names.
package struct V1SourceSchemaTransformer {
    package var file: String
    package var transformConfig: TransformConfig
    package var versionedOverride: Bool?
    package var features: AmplifyCLIFeatures

    package func blueprints(
        _ modelTypes: [TypeDefinition], kind: (FieldDefinition, String) throws(GQLPatchError) -> ModelField.Kind
    ) throws(GQLPatchError) -> [ModelBlueprint] {
        var blueprints: [ModelBlueprint] = []
        for type in modelTypes { blueprints.append(try blueprint(type, kind: kind)) }
        try addConnections(&blueprints, types: modelTypes)
        return blueprints
    }

    private func blueprint(
        _ type: TypeDefinition, kind: (FieldDefinition, String) throws(GQLPatchError) -> ModelField.Kind
    ) throws(GQLPatchError) -> ModelBlueprint {
        let name = type.name
        var fields: [ModelBlueprint.Field] = []
        for field in type.fields {
            fields.append(
                ModelBlueprint.Field(name: field.name, type: field.type, kind: try kind(field, name), origin: .declared)
            )
        }
        var primary: Directive?
        var indexes: [ModelBlueprint.Index] = []
        for directive in type.directives where directive.name == "key" {
            let keyFields = SourceSchemaTransformer.stringList(directive.argument("fields"))
            guard !keyFields.isEmpty else {
                throw SchemaDiagnostic.error(file, directive.location, "@key on \"\(name)\" needs fields: [...]")
            }
            for key in keyFields where !fields.contains(where: { $0.name == key }) {
                throw SchemaDiagnostic.error(
                    file, directive.location, "@key field \"\(key)\" is not a field of \"\(name)\"")
            }
            guard case .string(let indexName) = directive.argument("name") else {
                if let previous = primary {
                    throw SchemaDiagnostic.error(
                        file, directive.location,
                        "model \"\(name)\" has more than one @key without a name (the primary key is at \(previous.location.line):\(previous.location.column))"
                    )
                }
                for key in keyFields where fields.first(where: { $0.name == key })?.type.isNonNull == false {
                    throw SchemaDiagnostic.error(
                        file, directive.location, "primary key field \"\(name).\(key)\" must be non-null (add !)")
                }
                primary = directive
                continue
            }
            var queryField: String?
            if case .string(let given) = directive.argument("queryField") { queryField = given }
            indexes.append(ModelBlueprint.Index(name: indexName, fields: keyFields, queryField: queryField))
        }
        let primaryKey = primary.map { SourceSchemaTransformer.stringList($0.argument("fields")) } ?? ["id"]
        if primary == nil, !fields.contains(where: { $0.name == "id" }) {
            fields.insert(
                ModelBlueprint.Field(name: "id", type: .nonNull(.named("ID")), kind: .scalar, origin: .implicitID),
                at: 0)
        }
        let versioned = versionedOverride ?? transformConfig.isVersionedByV1(name)
        if versioned {
            fields.append(
                ModelBlueprint.Field(name: "_version", type: .nonNull(.named("Int")), kind: .scalar, origin: .sync))
            fields.append(ModelBlueprint.Field(name: "_deleted", type: .named("Boolean"), kind: .scalar, origin: .sync))
            fields.append(
                ModelBlueprint.Field(
                    name: "_lastChangedAt", type: .nonNull(.named("AWSTimestamp")), kind: .scalar, origin: .sync))
        }
        let modelDirective = type.directive("model")
        let timestampNames = SourceSchemaTransformer.timestampNames(modelDirective)
        for stamp in timestampNames where !fields.contains(where: { $0.name == stamp }) {
            fields.append(
                ModelBlueprint.Field(
                    name: stamp, type: .nonNull(.named("AWSDateTime")), kind: .scalar, origin: .timestamp))
        }
        var fieldVersioning: FieldVersioning?
        if let directive = type.directive("versioned") {
            var versioning = FieldVersioning()
            if case .string(let given) = directive.argument("versionField") { versioning.versionField = given }
            if case .string(let given) = directive.argument("versionInput") { versioning.versionInput = given }
            if !fields.contains(where: { $0.name == versioning.versionField }) {
                fields.append(
                    ModelBlueprint.Field(
                        name: versioning.versionField, type: .nonNull(.named("Int")), kind: .scalar,
                        origin: .versionField))
            }
            fieldVersioning = versioning
        }
        var blueprint = ModelBlueprint(
            name: name, fields: fields, primaryKey: primaryKey, hasCustomPrimaryKey: primary != nil,
            isVersioned: versioned)
        blueprint.fieldVersioning = fieldVersioning
        blueprint.timestampFieldNames = timestampNames
        blueprint.indexes = indexes
        blueprint.useDefaultOperationNames()
        blueprint.list = AmplifyNaming.v1ListName(name, improvePluralization: features.improvePluralization)
        applyOperationOptions(modelDirective, to: &blueprint)
        return blueprint
    }

    /// v1 `@model(queries:, mutations:)`: `null` turns a group off; an object generates only the
    /// operations it names (an entry left out is off, unlike v2, where it keeps its default name).
    private func applyOperationOptions(_ directive: Directive?, to blueprint: inout ModelBlueprint) {
        func apply(_ argument: String, _ keys: [WritableKeyPath<ModelBlueprint, String?>], _ names: [String]) {
            guard let value = directive?.argument(argument) else { return }
            for (key, entryName) in zip(keys, names) {
                guard case .object(let entries) = value,
                    case .string(let renamed)? = entries.first(where: { $0.name == entryName })?.value
                else {
                    blueprint[keyPath: key] = nil
                    continue
                }
                blueprint[keyPath: key] = renamed
            }
        }
        apply("queries", [\.get, \.list], ["get", "list"])
        apply("mutations", [\.create, \.update, \.delete], ["create", "update", "delete"])
    }

    // MARK: - @connection

    /// Relationship fields, and the foreign keys the legacy (`name:`/`keyField:`) form adds to the inputs,
    /// in document order as the connection transformer visits them.
    private func addConnections(_ blueprints: inout [ModelBlueprint], types: [TypeDefinition]) throws(GQLPatchError) {
        let position = Dictionary(blueprints.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        func addInputField(_ name: String, to model: Int, requiredOnCreate: Bool) {
            guard blueprints[model].field(name)?.origin != .declared,
                !blueprints[model].connectionInputFields.contains(where: { $0.name == name })
            else { return }
            blueprints[model].connectionInputFields.append(
                ModelBlueprint.ConnectionInputField(name: name, requiredOnCreate: requiredOnCreate))
        }
        for (index, type) in types.enumerated() {
            for field in type.fields {
                guard let directive = field.directive("connection") else { continue }
                let relatedName = field.type.namedType
                guard let related = position[relatedName] else {
                    throw SchemaDiagnostic.error(
                        file, directive.location,
                        "@connection on \"\(type.name).\(field.name)\" needs a @model type, found \"\(relatedName)\"")
                }
                let isList = field.type.isList
                let relationship: Relationship
                if let fieldsArgument = directive.argument("fields") {
                    let names = SourceSchemaTransformer.stringList(fieldsArgument)
                    for name in names where blueprints[index].field(name) == nil {
                        throw SchemaDiagnostic.error(
                            file, directive.location, "@connection field \"\(name)\" is not a field of \"\(type.name)\""
                        )
                    }
                    if isList {
                        var key = blueprints[related].primaryKey
                        if case .string(let keyName) = directive.argument("keyName") {
                            guard let found = blueprints[related].indexes.first(where: { $0.name == keyName }) else {
                                throw SchemaDiagnostic.error(
                                    file, directive.location,
                                    "@key \"\(keyName)\" does not exist for model \"\(relatedName)\"")
                            }
                            key = found.fields
                        }
                        relationship = Relationship(
                            kind: .hasMany, relatedModel: relatedName, keyFields: Array(key.prefix(names.count)))
                    } else {
                        relationship = Relationship(kind: .belongsTo, relatedModel: relatedName, keyFields: names)
                    }
                } else {
                    var relationName: String?
                    if case .string(let given) = directive.argument("name") { relationName = given }
                    var keyField: String?
                    if case .string(let given) = directive.argument("keyField") { keyField = given }
                    let associated = relationName.flatMap { relationName in
                        types[related].fields.first { other in
                            !(related == index && other.name == field.name) && other.type.namedType == type.name
                                && other.directive("connection")?.argument("name") == .string(relationName)
                        }
                    }
                    if isList, let associated, associated.type.isList {
                        throw SchemaDiagnostic.error(
                            file, directive.location,
                            "@connection \"\(relationName ?? "")\" joins two lists (\"\(type.name).\(field.name)\" and \"\(relatedName).\(associated.name)\"): the v1 transformer has no many-to-many connections"
                        )
                    }
                    if isList, let associated {
                        // The other side (many to one) adds the key to its own inputs.
                        let name = keyField ?? AmplifyNaming.camelCase([relatedName, associated.name, "id"])
                        relationship = Relationship(kind: .hasMany, relatedModel: relatedName, keyFields: [name])
                    } else if isList {
                        let name = keyField ?? AmplifyNaming.camelCase([type.name, field.name, "id"])
                        addInputField(name, to: related, requiredOnCreate: false)
                        relationship = Relationship(kind: .hasMany, relatedModel: relatedName, keyFields: [name])
                    } else {
                        let name = keyField ?? AmplifyNaming.camelCase([type.name, field.name, "id"])
                        addInputField(name, to: index, requiredOnCreate: field.type.isNonNull)
                        relationship = Relationship(kind: .belongsTo, relatedModel: relatedName, keyFields: [name])
                    }
                }
                guard let at = blueprints[index].fields.firstIndex(where: { $0.name == field.name }) else { continue }
                blueprints[index].fields[at].relationship = relationship
                if isList {
                    // The compiled field returns a connection: `steps(...): ModelRecipeStepConnection`.
                    blueprints[index].fields[at].type = .named(AmplifyNaming.connectionName(relatedName))
                }
            }
        }
    }
}
