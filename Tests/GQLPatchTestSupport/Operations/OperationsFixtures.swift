import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// A small hand-built catalogue for the Operations tests: a versioned `Item` with a nested non-model
/// `File`, a `Recipe` with `@hasMany` steps, a composite-key `RecipeStep`, and an `AuditLog` without
/// an update operation.
package enum OperationsFixtures {
    package static func named(_ name: String) -> TypeReference { .named(name) }
    package static func required(_ name: String) -> TypeReference { .nonNull(.named(name)) }

    package static let item = Model(
        name: "Item",
        fields: [
            ModelField(name: "id", type: required("ID"), kind: .scalar),
            ModelField(name: "name", type: required("String"), kind: .scalar),
            ModelField(name: "description", type: named("String"), kind: .scalar),
            ModelField(name: "code", type: named("String"), kind: .scalar),
            ModelField(name: "count", type: named("Int"), kind: .scalar),
            ModelField(name: "price", type: named("Float"), kind: .scalar),
            ModelField(name: "done", type: named("Boolean"), kind: .scalar),
            ModelField(name: "status", type: named("Status"), kind: .enumeration),
            ModelField(name: "tags", type: .list(named("String")), kind: .scalar),
            ModelField(name: "imageFile", type: named("File"), kind: .nonModel),
            ModelField(name: "when", type: named("AWSDate"), kind: .scalar),
            ModelField(name: "meta", type: named("AWSJSON"), kind: .scalar),
            ModelField(
                name: "recipe", type: named("Recipe"), kind: .model,
                relationship: Relationship(kind: .belongsTo, relatedModel: "Recipe", keyFields: ["recipeID"])),
            ModelField(name: "recipeID", type: named("ID"), kind: .scalar),
            ModelField(name: "createdAt", type: required("AWSDateTime"), kind: .scalar, isReadOnly: true),
            ModelField(name: "updatedAt", type: required("AWSDateTime"), kind: .scalar, isReadOnly: true),
            ModelField(name: "_version", type: required("Int"), kind: .scalar),
            ModelField(name: "_deleted", type: named("Boolean"), kind: .scalar),
            ModelField(name: "_lastChangedAt", type: required("AWSTimestamp"), kind: .scalar),
        ],
        primaryKey: ["id"],
        isVersioned: true,
        operations: ModelOperations(
            get: "getItem", list: "listItems", sync: "syncItems", create: "createItem", update: "updateItem",
            delete: "deleteItem", createInput: "CreateItemInput", updateInput: "UpdateItemInput",
            deleteInput: "DeleteItemInput", conditionInput: "ModelItemConditionInput",
            filterInput: "ModelItemFilterInput",
            getArguments: [OperationArgument(name: "id", type: required("ID"))],
            listArguments: [
                OperationArgument(name: "filter", type: named("ModelItemFilterInput")),
                OperationArgument(name: "limit", type: named("Int")),
                OperationArgument(name: "nextToken", type: named("String")),
            ]))

    package static let recipe = Model(
        name: "Recipe",
        fields: [
            ModelField(name: "id", type: required("ID"), kind: .scalar),
            ModelField(name: "title", type: required("String"), kind: .scalar),
            ModelField(
                name: "steps", type: .list(named("RecipeStep")), kind: .model,
                relationship: Relationship(kind: .hasMany, relatedModel: "RecipeStep", keyFields: ["recipeID"])),
        ],
        primaryKey: ["id"],
        isVersioned: false,
        operations: ModelOperations(
            get: "getRecipe", update: "updateRecipe", updateInput: "UpdateRecipeInput",
            getArguments: [OperationArgument(name: "id", type: required("ID"))]))

    package static let recipeStep = Model(
        name: "RecipeStep",
        fields: [
            ModelField(name: "recipeID", type: required("ID"), kind: .scalar),
            ModelField(name: "stepNumber", type: required("Int"), kind: .scalar),
            ModelField(name: "text", type: required("String"), kind: .scalar),
            ModelField(name: "minutes", type: named("Int"), kind: .scalar),
            ModelField(
                name: "recipe", type: named("Recipe"), kind: .model,
                relationship: Relationship(kind: .belongsTo, relatedModel: "Recipe", keyFields: ["recipeID"])),
            ModelField(name: "createdAt", type: required("AWSDateTime"), kind: .scalar, isReadOnly: true),
        ],
        primaryKey: ["recipeID", "stepNumber"],
        isVersioned: false,
        operations: ModelOperations(
            get: "getRecipeStep", list: "listRecipeSteps", create: "createRecipeStep", update: "updateRecipeStep",
            delete: "deleteRecipeStep", createInput: "CreateRecipeStepInput", updateInput: "UpdateRecipeStepInput",
            deleteInput: "DeleteRecipeStepInput", conditionInput: "ModelRecipeStepConditionInput",
            getArguments: [
                OperationArgument(name: "recipeID", type: required("ID")),
                OperationArgument(name: "stepNumber", type: required("Int")),
            ],
            listArguments: [
                OperationArgument(name: "recipeID", type: named("ID")),
                OperationArgument(name: "stepNumber", type: named("ModelIntKeyConditionInput")),
                OperationArgument(name: "filter", type: named("ModelRecipeStepFilterInput")),
                OperationArgument(name: "limit", type: named("Int")),
                OperationArgument(name: "nextToken", type: named("String")),
                OperationArgument(name: "sortDirection", type: named("ModelSortDirection")),
            ]))

    package static let auditLog = Model(
        name: "AuditLog",
        fields: [
            ModelField(name: "id", type: required("ID"), kind: .scalar),
            ModelField(name: "message", type: named("String"), kind: .scalar),
        ],
        primaryKey: ["id"],
        isVersioned: false,
        operations: ModelOperations(
            get: "getAuditLog", getArguments: [OperationArgument(name: "id", type: required("ID"))]))

    package static func inputObject(_ name: String, _ fields: [(String, TypeReference)]) -> (String, InputObject) {
        (name, InputObject(name: name, fields: fields.map { InputField(name: $0.0, type: $0.1) }))
    }

    package static let catalogue: ModelCatalogue = {
        let inputs: [(String, InputObject)] = [
            inputObject(
                "FileInput",
                [
                    ("bucket", required("String")), ("region", required("String")), ("key", required("String")),
                    ("meta", named("FileMetaInput")),
                ]),
            inputObject("FileMetaInput", [("size", named("Int")), ("contentType", named("String"))]),
            inputObject(
                "UpdateItemInput",
                [
                    ("id", required("ID")), ("name", named("String")), ("description", named("String")),
                    ("code", named("String")), ("count", named("Int")), ("price", named("Float")),
                    ("done", named("Boolean")), ("status", named("Status")), ("tags", .list(named("String"))),
                    ("imageFile", named("FileInput")), ("when", named("AWSDate")), ("meta", named("AWSJSON")),
                    ("recipeID", named("ID")), ("_version", named("Int")),
                ]),
            inputObject(
                "ModelItemConditionInput",
                [
                    ("name", named("ModelStringInput")), ("count", named("ModelIntInput")),
                    ("status", named("ModelStatusInput")), ("done", named("ModelBooleanInput")),
                    ("_deleted", named("ModelBooleanInput")),
                ]),
            inputObject(
                "ModelStringInput",
                [
                    ("eq", named("String")), ("ne", named("String")),
                    ("attributeExists", named("Boolean")),
                ]),
            inputObject(
                "ModelIntInput", [("eq", named("Int")), ("ne", named("Int")), ("attributeExists", named("Boolean"))]),
            inputObject("ModelBooleanInput", [("eq", named("Boolean")), ("attributeExists", named("Boolean"))]),
            inputObject("ModelStatusInput", [("eq", named("Status")), ("ne", named("Status"))]),
            inputObject("UpdateRecipeInput", [("id", required("ID")), ("title", named("String"))]),
            inputObject(
                "UpdateRecipeStepInput",
                [
                    ("recipeID", required("ID")), ("stepNumber", required("Int")), ("text", named("String")),
                    ("minutes", named("Int")),
                ]),
        ]
        return ModelCatalogue(
            origin: .compiledSchema,
            models: ["Item": item, "Recipe": recipe, "RecipeStep": recipeStep, "AuditLog": auditLog],
            modelNames: ["Item", "Recipe", "RecipeStep", "AuditLog"],
            enums: ["Status": ["TODO", "DOING"], "ModelSortDirection": ["ASC", "DESC"]],
            nonModelTypes: [
                "File": NonModelType(
                    name: "File",
                    fields: [
                        ModelField(name: "bucket", type: required("String"), kind: .scalar),
                        ModelField(name: "key", type: required("String"), kind: .scalar),
                        ModelField(name: "meta", type: named("FileMeta"), kind: .nonModel),
                        ModelField(name: "owner", type: named("Recipe"), kind: .model),
                    ]),
                "FileMeta": NonModelType(
                    name: "FileMeta",
                    fields: [
                        ModelField(name: "size", type: named("Int"), kind: .scalar),
                        ModelField(name: "contentType", type: named("String"), kind: .scalar),
                        ModelField(name: "thumbnail", type: named("File"), kind: .nonModel),
                    ]),
            ],
            inputObjects: Dictionary(uniqueKeysWithValues: inputs),
            scalars: ModelCatalogue.builtInScalars.union(["Decimal"]))
    }()

    /// Asserts-friendly way to run a throwing call and get its error.
    package static func error<T>(_ body: () throws(GQLPatchError) -> T) -> GQLPatchError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
