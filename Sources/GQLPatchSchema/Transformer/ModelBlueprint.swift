import GraphQLSDL

/// A model as the Amplify transformer sees it after its field passes (implicit `id`, timestamps, sync
/// fields and implicit foreign keys added), before inputs are generated. The source-schema transformer
/// and the model-introspection reader both produce these; `CatalogueGenerator` turns them into a
/// `ModelCatalogue` with the inputs the transformer would generate.
package struct ModelBlueprint: Sendable {
    package struct Field: Sendable {
        /// Why the field is on the type.
        package enum Origin: Sendable, Equatable {
            /// Written in the schema (relationship fields included).
            case declared
            /// `id: ID!` added because the model declares no `id` and no `@primaryKey`.
            case implicitID
            /// `createdAt`/`updatedAt` (or their `timestamps:` renames) added by the transformer.
            case timestamp
            /// `_version`, `_deleted`, `_lastChangedAt`.
            case sync
            /// An implicit foreign key of a `@hasMany`/`@hasOne`/`@belongsTo` without `fields:`/`references:`.
            case foreignKey
            /// The version counter v1 `@versioned` adds when the model does not declare it.
            case versionField
            /// An owner rule's field the model does not declare (`{allow: owner}` alone adds `owner`): both
            /// transformers append it to the type as `String`, and no create or update input takes it (the
            /// resolver fills it from the caller's identity); v2's filters and conditions do.
            case implicitOwner
        }

        package var name: String
        package var type: TypeReference
        package var kind: ModelField.Kind
        package var relationship: Relationship?
        package var origin: Origin
        /// Marked read-only by the source (model introspection's `isReadOnly`).
        package var isReadOnly: Bool = false
    }

    /// An `@index` (or v1 named `@key`): its (generated or given) name, its fields (partition key first),
    /// and the query that reads it when the schema asks for one.
    package struct Index: Sendable {
        package var name: String
        package var fields: [String]
        package var queryField: String? = nil
    }

    package var name: String
    /// Fields in the compiled type's order: declared, `id`, timestamps, sync fields, implicit foreign keys.
    package var fields: [Field]
    /// Partition key then sort-key fields.
    package var primaryKey: [String]
    /// The fields of its `@auth` owner rules (`OwnerRules`).
    package var ownerFields: [String] = []
    /// The fields of its dynamic `@auth` group rules (`groupsField`): v1 leaves them, as it leaves the
    /// owner fields, out of the condition input.
    package var groupsFields: [String] = []
    /// True when the key comes from `@primaryKey` (or `isCustomPrimaryKey`), not the default `id`.
    package var hasCustomPrimaryKey: Bool
    package var isVersioned: Bool
    /// v1 `@versioned`.
    package var fieldVersioning: FieldVersioning? = nil
    /// Operation names; `nil` where `@model(queries:/mutations:)` turned one off.
    package var get: String?
    package var list: String?
    package var sync: String?
    package var create: String?
    package var update: String?
    package var delete: String?
    package var indexes: [Index] = []
    /// A foreign key a v1 `@connection` adds to the create and update inputs only (`postBlogId`): the v1
    /// transformer puts it on neither the type nor the filters.
    package struct ConnectionInputField: Sendable {
        package var name: String
        /// Non-null in the create input when the connection field is (`author: Author! @connection`).
        package var requiredOnCreate: Bool
    }

    /// v1 `@connection` foreign keys, in the order the transformer appends them.
    package var connectionInputFields: [ConnectionInputField] = []
    /// The names of the `createdAt`/`updatedAt` timestamps (declared or added); made nullable in inputs.
    package var timestampFieldNames: [String] = ["createdAt", "updatedAt"]
    /// The added timestamps are a guess about the deployed API (a v1 source, or one that does not say
    /// its transformer): v1 transformers before mid-2020 did not add them (27 of the corpus's 90 APIs
    /// lack them), so they are left out of default selections, as the implicit owner fields are.
    package var addedTimestampsMayBeAbsent = false
    /// Implicit foreign keys that land in this model's subscription filter (hasMany puts the child's FK
    /// in the parent's filter).
    package var subscriptionFilterForeignKeys: [Field] = []

    package func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// Appends the owner fields the model does not declare, last, as both transformers do (seen in 57
    /// compiled schemas of the corpus, Gen 2 among them, and in the v1 transformer's output). Model
    /// introspection lists none of them, so both readers add them here from the rules.
    package mutating func addImplicitOwnerFields() {
        for name in ownerFields where field(name) == nil {
            fields.append(Field(name: name, type: .named("String"), kind: .scalar, origin: .implicitOwner))
        }
    }

    /// Sets the default operation names for `name` (and `sync` when versioned).
    package mutating func useDefaultOperationNames() {
        get = AmplifyNaming.getName(name)
        list = AmplifyNaming.listName(name)
        sync = isVersioned ? AmplifyNaming.syncName(name) : nil
        create = AmplifyNaming.createName(name)
        update = AmplifyNaming.updateName(name)
        delete = AmplifyNaming.deleteName(name)
    }
}
