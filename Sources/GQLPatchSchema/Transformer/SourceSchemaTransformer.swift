import GQLPatchSupport
import GraphQLSDL

/// Turns an Amplify source schema (`@model` types) into the catalogue the v2 transformer would compile
/// it to: operation names (pluralize 8.0.0), implicit `id`, timestamps, sync fields
/// when versioned, implicit foreign keys, and the generated input objects. `@auth` is read for its owner fields only
/// (`OwnerRules`).
///
/// Relationship `keyFields`: `references:` as written; `@belongsTo(fields:)`/`@hasOne(fields:)` the
/// listed fields (they are on the declaring model); `@hasMany(fields:)` the related model's index (or
/// primary) key fields; implicit forms the generated foreign-key names (for an implicit `@hasOne` those
/// sit on the declaring model, `projectTeamId`, as the transformer puts them there). A `@belongsTo` without
/// `fields:`/`references:` and without a matching `@hasMany`/`@hasOne` on the other side gets its own
/// foreign key `<model><Field><Key>`, like the `@belongsTo` side of a `@hasOne` pair.
package struct SourceSchemaTransformer {
    package var file: String
    package var transformConfig: TransformConfig = TransformConfig()
    /// Forces conflict detection on or off for every model (`ConflictResolution` `on`/`off`).
    package var versionedOverride: Bool? = nil
    /// The project's `amplify/cli.json` flags (a project without one: the new-project defaults).
    package var features: AmplifyCLIFeatures = AmplifyCLIFeatures()

    package func transform(_ document: Document) throws(GQLPatchError) -> ModelCatalogue {
        try transform(SchemaTypeTable(document: document, file: file))
    }

    package func transform(_ table: SchemaTypeTable) throws(GQLPatchError) -> ModelCatalogue {
        var modelTypes = table.all(.object).filter { $0.directive("model") != nil }
        guard !modelTypes.isEmpty else {
            throw SchemaDiagnostic.error(
                file, SchemaDiagnostic.start, "no models found: no type has a @model directive")
        }
        // The directives decide the transformer; a schema with neither kind follows cli.json, else v2.
        let decided = try TransformerGeneration.decided(by: table, file: file)
        let generation = decided ?? (features.transformerVersion == 1 ? .v1 : .v2)
        if generation == .v2 {
            // `@manyToMany` pairs become join models and `@hasMany` fields before anything else is read.
            modelTypes = try ManyToManyExpansion(
                file: file, respectPrimaryKey: features.respectPrimaryKeyAttributesOnConnectionField
            ).expand(models: modelTypes, objects: table.all(.object))
        }
        let modelSet = Set(modelTypes.map(\.name))
        let enumNames = Set(table.all(.enumeration).map(\.name))
        let scalars = table.scalars

        func kind(_ field: FieldDefinition, owner: String) throws(GQLPatchError) -> ModelField.Kind {
            let name = field.type.namedType
            if scalars.contains(name) { return .scalar }
            if enumNames.contains(name) { return .enumeration }
            if modelSet.contains(name) { return .model }
            if let type = table[name], [.object, .interface, .union].contains(type.kind) { return .nonModel }
            throw SchemaDiagnostic.error(
                file, field.location, "unknown type \"\(name)\" for field \"\(owner).\(field.name)\"")
        }

        var blueprints: [ModelBlueprint] = []
        if generation == .v1 {
            blueprints = try V1SourceSchemaTransformer(
                file: file, transformConfig: transformConfig, versionedOverride: versionedOverride, features: features
            ).blueprints(modelTypes, kind: kind)
        } else {
            // Pass 1: declared fields, keys, implicit id, timestamps, sync fields.
            for type in modelTypes {
                blueprints.append(try blueprint(type, kind: kind))
            }
            // Pass 2: implicit foreign keys and relationship key fields.
            try addRelationships(&blueprints, types: modelTypes)
        }
        // v1 transformers before mid-2020 added no timestamps, and a schema that does not say which
        // transformer compiled it (no v2 directive, no cli.json) may be one of theirs: the timestamps it
        // adds are then implicit, so a default selection never asks for what the deployed API may lack.
        if generation == .v1 || decided == nil && features.transformerVersion == nil {
            for index in blueprints.indices { blueprints[index].addedTimestampsMayBeAbsent = true }
        }
        let directives = Dictionary(
            modelTypes.map { ($0.name, $0.directives) }, uniquingKeysWith: { first, _ in first })
        for index in blueprints.indices {
            let auth = directives[blueprints[index].name] ?? []
            blueprints[index].ownerFields = OwnerRules.ownerFields(of: auth)
            blueprints[index].groupsFields = OwnerRules.groupsFields(of: auth)
            blueprints[index].addImplicitOwnerFields()
        }

        var nonModels: [NonModelType] = []
        for type in table.all(.object) where !modelSet.contains(type.name) && !table.rootTypeNames.contains(type.name) {
            var fields: [ModelField] = []
            for field in type.fields {
                fields.append(ModelField(name: field.name, type: field.type, kind: try kind(field, owner: type.name)))
            }
            nonModels.append(NonModelType(name: type.name, fields: fields))
        }
        let declaredInputs = table.all(.inputObject).map { input in
            InputObject(name: input.name, fields: input.inputFields.map { InputField(name: $0.name, type: $0.type) })
        }
        return CatalogueGenerator(
            origin: .sourceSchema, generation: generation, blueprints: blueprints,
            enums: table.all(.enumeration).map { ($0.name, $0.enumValues.map(\.name)) }, nonModelTypes: nonModels,
            declaredInputs: declaredInputs, scalars: scalars
        ).generate()
    }

    private func blueprint(
        _ type: TypeDefinition, kind: (FieldDefinition, String) throws(GQLPatchError) -> ModelField.Kind
    ) throws(GQLPatchError) -> ModelBlueprint {
        let name = type.name
        let modelDirective = type.directive("model")
        var fields: [ModelBlueprint.Field] = []
        var primaryKey: [String] = []
        var primaryKeyDirective: Directive?
        var indexes: [(field: FieldDefinition, directive: Directive)] = []
        for field in type.fields {
            fields.append(
                ModelBlueprint.Field(name: field.name, type: field.type, kind: try kind(field, name), origin: .declared)
            )
            for directive in field.directives {
                if directive.name == "primaryKey" {
                    if let previous = primaryKeyDirective {
                        throw SchemaDiagnostic.error(
                            file, directive.location,
                            "model \"\(name)\" has more than one @primaryKey (first at \(previous.location.line):\(previous.location.column))"
                        )
                    }
                    primaryKeyDirective = directive
                    primaryKey = [field.name] + Self.stringList(directive.argument("sortKeyFields"))
                } else if directive.name == "index" {
                    indexes.append((field, directive))
                }
            }
        }
        if let directive = primaryKeyDirective {
            for key in primaryKey where !fields.contains(where: { $0.name == key }) {
                throw SchemaDiagnostic.error(
                    file, directive.location, "sort key field \"\(key)\" is not a field of \"\(name)\"")
            }
            for key in primaryKey.dropFirst() where fields.first(where: { $0.name == key })?.type.namedType == "Boolean"
            {
                throw SchemaDiagnostic.error(
                    file, directive.location, "sort key field \"\(name).\(key)\" cannot be a Boolean")
            }
            // The transformer refuses nullable key fields: a key must always be there.
            for key in primaryKey where fields.first(where: { $0.name == key })?.type.isNonNull == false {
                throw SchemaDiagnostic.error(
                    file, directive.location, "primary key field \"\(name).\(key)\" must be non-null (add !)")
            }
        }
        let hasCustomKey = primaryKeyDirective != nil
        if !hasCustomKey {
            primaryKey = ["id"]
            if !fields.contains(where: { $0.name == "id" }) {
                fields.append(
                    ModelBlueprint.Field(name: "id", type: .nonNull(.named("ID")), kind: .scalar, origin: .implicitID))
            }
        }
        let timestampNames = Self.timestampNames(modelDirective)
        for stamp in timestampNames where !fields.contains(where: { $0.name == stamp }) {
            fields.append(
                ModelBlueprint.Field(
                    name: stamp, type: .nonNull(.named("AWSDateTime")), kind: .scalar, origin: .timestamp))
        }
        let versioned = versionedOverride ?? transformConfig.isVersioned(name)
        if versioned {
            fields.append(
                ModelBlueprint.Field(name: "_version", type: .nonNull(.named("Int")), kind: .scalar, origin: .sync))
            fields.append(ModelBlueprint.Field(name: "_deleted", type: .named("Boolean"), kind: .scalar, origin: .sync))
            fields.append(
                ModelBlueprint.Field(
                    name: "_lastChangedAt", type: .nonNull(.named("AWSTimestamp")), kind: .scalar, origin: .sync))
        }
        var blueprint = ModelBlueprint(
            name: name, fields: fields, primaryKey: primaryKey, hasCustomPrimaryKey: hasCustomKey,
            isVersioned: versioned)
        blueprint.timestampFieldNames = timestampNames
        blueprint.useDefaultOperationNames()
        applyOperationOptions(modelDirective, to: &blueprint)
        for (field, directive) in indexes {
            let sortKeys = Self.stringList(directive.argument("sortKeyFields"))
            for key in sortKeys where !fields.contains(where: { $0.name == key }) {
                throw SchemaDiagnostic.error(
                    file, directive.location, "sort key field \"\(key)\" is not a field of \"\(name)\"")
            }
            // The generated name (`tasksByTeamIdAndTitle`) names the index when `name:` is not given, and
            // its query when `queryField:` is not given and the project's flag asks for one.
            let generated =
                AmplifyNaming.lowerFirst(Pluralizer.plural(name)) + "By"
                + ([field.name] + sortKeys).map(AmplifyNaming.upperFirst).joined(separator: "And")
            var indexName = generated
            if case .string(let given) = directive.argument("name") { indexName = given }
            var queryField: String? = features.enableAutoIndexQueryNames ? generated : nil
            switch directive.argument("queryField") {
            case .string(let given)?: queryField = given
            case .null?: queryField = nil
            default: break
            }
            blueprint.indexes.append(
                ModelBlueprint.Index(name: indexName, fields: [field.name] + sortKeys, queryField: queryField))
        }
        return blueprint
    }

    /// `@model(queries: {...}, mutations: {...})`: a `null` group or entry turns operations off, a string renames.
    private func applyOperationOptions(_ directive: Directive?, to blueprint: inout ModelBlueprint) {
        func apply(_ argument: String, _ keys: [WritableKeyPath<ModelBlueprint, String?>], _ names: [String]) {
            guard let value = directive?.argument(argument) else { return }
            switch value {
            case .null:
                for key in keys { blueprint[keyPath: key] = nil }
            case .object(let entries):
                for (key, entryName) in zip(keys, names) {
                    guard let entry = entries.first(where: { $0.name == entryName }) else { continue }
                    if case .string(let renamed) = entry.value {
                        blueprint[keyPath: key] = renamed
                    } else {
                        blueprint[keyPath: key] = nil
                    }
                }
            default: break
            }
        }
        apply("queries", [\.get, \.list, \.sync], ["get", "list", "sync"])
        if !blueprint.isVersioned { blueprint.sync = nil }
        apply("mutations", [\.create, \.update, \.delete], ["create", "update", "delete"])
    }

    /// The timestamps `@model` asks for: `timestamps: null` turns both off; `{createdAt: "createdOn"}` renames.
    package static func timestampNames(_ modelDirective: Directive?) -> [String] {
        var timestampNames = ["createdAt", "updatedAt"]
        if let timestamps = modelDirective?.argument("timestamps") {
            switch timestamps {
            case .null: timestampNames = []
            case .object(let entries):
                timestampNames = ["createdAt", "updatedAt"].compactMap { key in
                    guard let entry = entries.first(where: { $0.name == key }) else { return key }
                    if case .string(let renamed) = entry.value { return renamed }
                    return nil
                }
            default: break
            }
        }
        return timestampNames
    }

    package static func stringList(_ value: Value?) -> [String] {
        switch value {
        case .list(let items): return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        case .string(let s): return [s]
        default: return []
        }
    }

    // MARK: - Relationships

    private enum RelationKind { case hasMany, hasOne, belongsTo }

    private struct RelationDirective {
        package var kind: RelationKind
        package var model: Int
        package var field: FieldDefinition
        package var directive: Directive
        package var related: String
        package var references: [String]?
        package var fields: [String]?
        package var indexName: String?
    }

    private func addRelationships(_ blueprints: inout [ModelBlueprint], types: [TypeDefinition]) throws(GQLPatchError) {
        let position = Dictionary(blueprints.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        var relations: [RelationDirective] = []
        for (index, type) in types.enumerated() {
            for field in type.fields {
                for directive in field.directives {
                    let kind: RelationKind
                    switch directive.name {
                    case "hasMany": kind = .hasMany
                    case "hasOne": kind = .hasOne
                    case "belongsTo": kind = .belongsTo
                    default: continue
                    }
                    let related = field.type.namedType
                    guard position[related] != nil else {
                        throw SchemaDiagnostic.error(
                            file, directive.location,
                            "@\(directive.name) on \"\(type.name).\(field.name)\" needs a @model type, found \"\(related)\""
                        )
                    }
                    var indexName: String?
                    if case .string(let name) = directive.argument("indexName") { indexName = name }
                    relations.append(
                        RelationDirective(
                            kind: kind, model: index, field: field, directive: directive, related: related,
                            references: directive.argument("references").map { Self.stringList($0) },
                            fields: directive.argument("fields").map { Self.stringList($0) }, indexName: indexName))
                }
            }
        }

        func keyType(_ model: ModelBlueprint, _ key: String, nonNull: Bool) -> TypeReference {
            let base = TypeReference.named(respectPrimaryKey ? model.field(key)?.type.namedType ?? "ID" : "ID")
            return nonNull ? .nonNull(base) : base
        }
        func addForeignKeys(to target: Int, names: [String], keyOwner: ModelBlueprint, nonNull: Bool) {
            for (name, key) in zip(names, keyOwner.primaryKey) where blueprints[target].field(name) == nil {
                blueprints[target].fields.append(
                    ModelBlueprint.Field(
                        name: name, type: keyType(keyOwner, key, nonNull: nonNull), kind: .scalar, origin: .foreignKey))
            }
        }
        let respectPrimaryKey = features.respectPrimaryKeyAttributesOnConnectionField
        func foreignKeyNames(_ declaring: String, _ field: String, _ keyOwner: ModelBlueprint) -> [String] {
            // Without `respectprimarykeyattributesonconnectionfield`: one `<model><Field>Id: ID`, whatever the key.
            guard respectPrimaryKey else { return [AmplifyNaming.camelCase([declaring, field, "id"])] }
            return keyOwner.primaryKey.map { AmplifyNaming.camelCase([declaring, field, $0]) }
        }

        var keyFields: [Int: [String]] = [:]  // relation index -> key fields
        // hasMany first, then hasOne, then belongsTo (the order the FKs are appended in).
        for kind in [RelationKind.hasMany, .hasOne, .belongsTo] {
            for (r, relation) in relations.enumerated() where relation.kind == kind {
                let owner = blueprints[relation.model]
                let relatedIndex = position[relation.related]!
                let related = blueprints[relatedIndex]
                let nonNull = relation.field.type.isNonNull
                if let references = relation.references {
                    keyFields[r] = references
                    continue
                }
                switch kind {
                case .hasMany:
                    if let fields = relation.fields {
                        let key =
                            relation.indexName.flatMap { name in related.indexes.first { $0.name == name }?.fields }
                            ?? related.primaryKey
                        keyFields[r] = Array(key.prefix(max(fields.count, 1)))
                    } else {
                        let names = foreignKeyNames(owner.name, relation.field.name, owner)
                        addForeignKeys(to: relatedIndex, names: names, keyOwner: owner, nonNull: nonNull)
                        for (name, key) in zip(names, owner.primaryKey)
                        where !blueprints[relation.model].subscriptionFilterForeignKeys.contains(where: {
                            $0.name == name
                        }) {
                            blueprints[relation.model].subscriptionFilterForeignKeys.append(
                                ModelBlueprint.Field(
                                    name: name, type: keyType(owner, key, nonNull: false), kind: .scalar,
                                    origin: .foreignKey))
                        }
                        keyFields[r] = names
                    }
                case .hasOne:
                    if let fields = relation.fields {
                        keyFields[r] = fields
                    } else {
                        let names = foreignKeyNames(owner.name, relation.field.name, related)
                        addForeignKeys(to: relation.model, names: names, keyOwner: related, nonNull: nonNull)
                        addSubscriptionKeys(&blueprints[relation.model], names: names, keyOwner: related)
                        keyFields[r] = names
                    }
                case .belongsTo:
                    if let fields = relation.fields {
                        keyFields[r] = fields
                        continue
                    }
                    // Paired with a hasMany on the related model: use that FK.
                    if let (pairIndex, pair) = relations.enumerated().first(where: { _, other in
                        other.kind == .hasMany && other.model == relatedIndex && other.related == owner.name
                            && other.fields == nil && other.references == nil
                    }) {
                        keyFields[r] = keyFields[pairIndex] ?? foreignKeyNames(related.name, pair.field.name, related)
                    } else {
                        let names = foreignKeyNames(owner.name, relation.field.name, related)
                        addForeignKeys(to: relation.model, names: names, keyOwner: related, nonNull: nonNull)
                        addSubscriptionKeys(&blueprints[relation.model], names: names, keyOwner: related)
                        keyFields[r] = names
                    }
                }
            }
        }
        for (r, relation) in relations.enumerated() {
            let kind: Relationship.Kind
            switch relation.kind {
            case .hasMany: kind = .hasMany
            case .hasOne: kind = .hasOne
            case .belongsTo: kind = .belongsTo
            }
            guard let at = blueprints[relation.model].fields.firstIndex(where: { $0.name == relation.field.name })
            else { continue }
            blueprints[relation.model].fields[at].relationship = Relationship(
                kind: kind, relatedModel: relation.related, keyFields: keyFields[r] ?? [])
            if kind == .hasMany {
                // The compiled field returns a connection: `related(filter: ...): ModelRelatedConnection`.
                blueprints[relation.model].fields[at].type = .named(AmplifyNaming.connectionName(relation.related))
            }
        }
    }

    private func addSubscriptionKeys(_ blueprint: inout ModelBlueprint, names: [String], keyOwner: ModelBlueprint) {
        for (name, key) in zip(names, keyOwner.primaryKey)
        where !blueprint.subscriptionFilterForeignKeys.contains(where: { $0.name == name }) {
            let type = TypeReference.named(
                features.respectPrimaryKeyAttributesOnConnectionField
                    ? keyOwner.field(key)?.type.namedType ?? "ID" : "ID")
            blueprint.subscriptionFilterForeignKeys.append(
                ModelBlueprint.Field(name: name, type: type, kind: .scalar, origin: .foreignKey))
        }
    }
}
