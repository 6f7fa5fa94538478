import GQLPatchSupport
import GraphQLSDL

/// What the v2 transformer makes of `@manyToMany(relationName: "PostTags")` on two model fields
/// (`amplify-graphql-relational-transformer` `ManyToManyTransformer.prepare`): a join model named
/// `graphqlName(upperFirst(relationName))` with `id: ID!`, one key field per side (`postID`, or `postId`
/// with `respectprimarykeyattributesonconnectionfield`: `<lowerFirst(Model)>` + the side's partition key,
/// typed like it, carrying `@index(name: "byPost")`), then the side's sort keys (`<lowerFirst(Model)><sortKey>`,
/// not capitalised, as the transformer writes them), then one field per side holding that key; each
/// `@manyToMany` field becomes `@hasMany(indexName: "byPost", fields: <its model's key>)` of the join model.
/// The rest (operations, inputs, timestamps, sync fields) follows from these directives as for any model.
///
/// The transformer writes the side fields as `@hasOne(fields:)`; they are read as `@belongsTo(fields:)`,
/// which compiles to the same schema and says what they are (the join row holds the key, as the compiled
/// reader and Amplify's model introspection say), so a cascading delete of a join row never follows them.
package struct ManyToManyExpansion {
    package var file: String
    package var respectPrimaryKey: Bool

    /// One `@manyToMany` use: the model it is on, the field's position and the directive.
    private struct Use {
        var model: Int
        var field: Int
        var directive: Directive
    }

    /// `objects` are the schema's object types (a `@manyToMany` outside a model is an error); returns the
    /// model types rewritten and the join models after them, in the order the relations first appear.
    package func expand(models: [TypeDefinition], objects: [TypeDefinition]) throws(GQLPatchError)
        -> [TypeDefinition]
    {
        for type in objects where type.directive("model") == nil {
            for field in type.fields {
                if let directive = field.directive("manyToMany") {
                    throw SchemaDiagnostic.error(
                        file, directive.location,
                        "@manyToMany on \"\(type.name).\(field.name)\" must be on a @model type's field")
                }
            }
        }
        var relations: [(name: String, uses: [Use])] = []
        for (m, type) in models.enumerated() {
            for (f, field) in type.fields.enumerated() {
                guard let directive = field.directive("manyToMany") else { continue }
                guard case .string(let relationName)? = directive.argument("relationName") else {
                    throw SchemaDiagnostic.error(
                        file, directive.location,
                        "@manyToMany on \"\(type.name).\(field.name)\" needs relationName: \"...\" (a string)")
                }
                guard field.type.isList else {
                    throw SchemaDiagnostic.error(
                        file, directive.location,
                        "@manyToMany on \"\(type.name).\(field.name)\" must be used with a list ([\(field.type.namedType)])"
                    )
                }
                let name = Self.graphqlName(AmplifyNaming.upperFirst(relationName))
                let use = Use(model: m, field: f, directive: directive)
                if let at = relations.firstIndex(where: { $0.name == name }) {
                    relations[at].uses.append(use)
                } else {
                    relations.append((name, [use]))
                }
            }
        }
        var result = models
        let modelNames = Set(models.map(\.name))
        let objectNames = Set(objects.map(\.name))
        for relation in relations {
            guard relation.uses.count == 2 else {
                let use = relation.uses[relation.uses.count > 2 ? 2 : 0]
                throw SchemaDiagnostic.error(
                    file, use.directive.location,
                    "@manyToMany relation \"\(relation.name)\" must be used in exactly two fields, found \(relation.uses.count)"
                )
            }
            let (one, two) = (relation.uses[0], relation.uses[1])
            for (use, other) in [(one, two), (two, one)] {
                let field = models[use.model].fields[use.field]
                let expected = field.type.namedType
                guard modelNames.contains(expected) else {
                    throw SchemaDiagnostic.error(
                        file, use.directive.location,
                        "@manyToMany on \"\(models[use.model].name).\(field.name)\" needs a @model type, found \"\(expected)\""
                    )
                }
                guard expected == models[other.model].name else {
                    throw SchemaDiagnostic.error(
                        file, use.directive.location,
                        "@manyToMany relation \"\(relation.name)\" expects \"\(expected)\" but its other field is on \"\(models[other.model].name)\""
                    )
                }
            }
            guard !objectNames.contains(relation.name), !result.contains(where: { $0.name == relation.name }) else {
                throw SchemaDiagnostic.error(
                    file, one.directive.location,
                    "@manyToMany relation name \"\(relation.name)\" is already the name of a type in the schema")
            }
            let location = one.directive.location
            var joinFields = [FieldDefinition(name: "id", type: .nonNull(.named("ID")), location: location)]
            var sideFields: [FieldDefinition] = []
            for use in [one, two] {
                let side = models[use.model]
                let key = Self.primaryKey(of: side)
                let fieldName = AmplifyNaming.lowerFirst(side.name)
                let keyName =
                    AmplifyNaming.camelCase([fieldName])
                    + (respectPrimaryKey ? AmplifyNaming.pascalCase([key.partition.name]) : "ID")
                let sortNames = key.sort.map { fieldName + $0.name }
                let indexName = "by" + side.name
                joinFields.append(
                    FieldDefinition(
                        name: keyName, type: .nonNull(.named(key.partition.type.namedType)),
                        directives: [
                            Self.directive(
                                // The transformer gives the join model's indexes no query, whatever
                                // enableautoindexquerynames says: `queryField: null` says so.
                                "index",
                                [
                                    ("name", .string(indexName)), ("sortKeyFields", Self.list(sortNames)),
                                    ("queryField", .null),
                                ],
                                location)
                        ], location: location))
                for (name, sortKey) in zip(sortNames, key.sort) {
                    joinFields.append(
                        FieldDefinition(name: name, type: .nonNull(.named(sortKey.type.namedType)), location: location))
                }
                sideFields.append(
                    FieldDefinition(
                        name: fieldName, type: .nonNull(.named(side.name)),
                        directives: [
                            Self.directive("belongsTo", [("fields", Self.list([keyName] + sortNames))], location)
                        ],
                        location: location))
                // The model's own field: a @hasMany of the join model through its index.
                var field = result[use.model].fields[use.field]
                field.type = Self.renamed(field.type, to: relation.name)
                field.directives.removeAll { $0.name == "manyToMany" }
                field.directives.append(
                    Self.directive(
                        "hasMany",
                        [
                            ("indexName", .string(indexName)),
                            ("fields", Self.list([key.partition.name] + key.sort.map(\.name))),
                        ], use.directive.location))
                result[use.model].fields[use.field] = field
            }
            result.append(
                TypeDefinition(
                    kind: .object, name: relation.name,
                    directives: [Directive(name: "model", arguments: [], location: location)],
                    fields: joinFields + sideFields, location: location))
        }
        return result
    }

    /// The partition and sort key fields of a source model (`@primaryKey`, else `id`, implicit or declared).
    private static func primaryKey(of type: TypeDefinition) -> (
        partition: (name: String, type: TypeReference), sort: [(name: String, type: TypeReference)]
    ) {
        for field in type.fields {
            guard let directive = field.directive("primaryKey") else { continue }
            let sort = SourceSchemaTransformer.stringList(directive.argument("sortKeyFields")).map { name in
                (name: name, type: type.field(name)?.type ?? .named("ID"))
            }
            return ((field.name, field.type), sort)
        }
        return (("id", type.field("id")?.type ?? .nonNull(.named("ID"))), [])
    }

    /// `graphqlName`: drops leading characters other than `[_A-Za-z]` and every other character not in
    /// `[_0-9A-Za-z]`: relation `"foo   Bar"` names the join model `FooBar`.
    package static func graphqlName(_ text: String) -> String {
        func isLetter(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
        let kept = text.filter { isLetter($0) || ($0.isASCII && $0.isNumber) }
        return String(kept.drop(while: { !isLetter($0) }))
    }

    private static func renamed(_ type: TypeReference, to name: String) -> TypeReference {
        switch type {
        case .named: return .named(name)
        case .list(let inner): return .list(renamed(inner, to: name))
        case .nonNull(let inner): return .nonNull(renamed(inner, to: name))
        }
    }

    private static func list(_ names: [String]) -> Value { .list(names.map { .string($0) }) }

    private static func directive(_ name: String, _ arguments: [(String, Value)], _ location: SourceLocation)
        -> Directive
    {
        Directive(
            name: name, arguments: arguments.map { Argument(name: $0.0, value: $0.1, location: location) },
            location: location)
    }
}
