import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct SourceSchemaTransformerTests {
    func transform(_ sdl: String, config: String? = nil, versioned: Bool? = nil) throws -> ModelCatalogue {
        // The config is found beside the schema, as for `--schema s.graphql`.
        var files = ["s.graphql": Array(sdl.utf8)]
        if let config { files["./transform.conf.json"] = Array(config.utf8) }
        return try CatalogueLoader.load(path: "s.graphql", files: .memory(files), versioned: versioned)
    }

    func fields(_ catalogue: ModelCatalogue, _ input: String) -> [String] {
        (catalogue.inputObjects[input]?.fields ?? []).map { "\($0.name): \($0.type)" }
    }

    @Test func repositorySchema() throws {
        let catalogue = try CatalogueLoader.load(path: Fixture.repositorySchema, files: .local)
        #expect(catalogue.origin == .sourceSchema)
        #expect(catalogue.modelNames == ["Item", "RealEstateProperty", "Recipe", "RecipeStep", "Job"])
        #expect(
            catalogue.nonModelTypes["File"]?.fields.map(\.name) == ["bucket", "region", "key", "contentType", "size"])

        let item = try #require(catalogue.models["Item"])
        #expect(item.operations.list == "listItems")
        #expect(item.operations.sync == nil)
        #expect(!item.isVersioned)
        #expect(item.field("modelFile")?.kind == .nonModel)
        #expect(
            fields(catalogue, "UpdateItemInput") == [
                "id: ID!", "name: String", "description: String", "modelFile: FileInput", "imageFile: FileInput",
                "tags: [String]",
            ])
        #expect(fields(catalogue, "CreateItemInput").first == "id: ID")
        #expect(
            fields(catalogue, "FileInput") == [
                "bucket: String!", "region: String!", "key: String!", "contentType: String", "size: Int",
            ])
        #expect(
            fields(catalogue, "ModelItemConditionInput") == [
                "name: ModelStringInput", "description: ModelStringInput", "tags: ModelStringInput",
                "and: [ModelItemConditionInput]", "or: [ModelItemConditionInput]", "not: ModelItemConditionInput",
                "createdAt: ModelStringInput", "updatedAt: ModelStringInput",
            ])
        #expect(
            item.fields.map(\.name) == [
                "id", "name", "description", "modelFile", "imageFile", "tags", "createdAt", "updatedAt",
            ])
        #expect(item.fields.filter(\.isReadOnly).map(\.name) == ["createdAt", "updatedAt"])

        let property = try #require(catalogue.models["RealEstateProperty"])
        #expect(property.operations.list == "listRealEstateProperties")
        #expect(property.operations.get == "getRealEstateProperty")
        #expect(property.operations.updateInput == "UpdateRealEstatePropertyInput")

        let recipe = try #require(catalogue.models["Recipe"])
        #expect(
            recipe.field("steps")?.relationship
                == Relationship(kind: .hasMany, relatedModel: "RecipeStep", keyFields: ["recipeID"]))
        #expect(recipe.field("steps")?.type == .named("ModelRecipeStepConnection"))

        let step = try #require(catalogue.models["RecipeStep"])
        #expect(step.primaryKey == ["recipeID", "rowID"])
        #expect(step.operations.list == "listRecipeSteps")
        #expect(step.operations.getArguments.map { "\($0.name): \($0.type)" } == ["recipeID: ID!", "rowID: Int!"])
        #expect(
            step.operations.listArguments.map { "\($0.name): \($0.type)" } == [
                "recipeID: ID", "rowID: ModelIntKeyConditionInput", "filter: ModelRecipeStepFilterInput", "limit: Int",
                "nextToken: String", "sortDirection: ModelSortDirection",
            ])
        #expect(
            step.field("recipe")?.relationship
                == Relationship(kind: .belongsTo, relatedModel: "Recipe", keyFields: ["recipeID"]))
        #expect(step.field("id") == nil)
        #expect(fields(catalogue, "DeleteRecipeStepInput") == ["recipeID: ID!", "rowID: Int!"])
        #expect(
            fields(catalogue, "UpdateRecipeStepInput") == [
                "recipeID: ID!", "rowID: Int!", "isAction: Boolean", "itemCode: String", "quantity: Float",
                "action: String",
            ])
        #expect(
            fields(catalogue, "ModelIntKeyConditionInput") == [
                "eq: Int", "le: Int", "lt: Int", "ge: Int", "gt: Int", "between: [Int]",
            ])
        // The filter keeps the `id` that @primaryKey removed from the type.
        #expect(fields(catalogue, "ModelRecipeStepFilterInput").contains("id: ModelIDInput"))
        #expect(!fields(catalogue, "ModelRecipeStepConditionInput").contains { $0.hasPrefix("recipeID") })
    }

    @Test func transformConfigTurnsOnVersioning() throws {
        let sdl = "type Todo @model { name: String } type Note @model { text: String }"
        let config =
            #"{"ResolverConfig": {"project": {"ConflictDetection": "VERSION"}, "models": {"Note": {"ConflictDetection": "NONE"}}}}"#
        let catalogue = try transform(sdl, config: config)
        let todo = try #require(catalogue.models["Todo"])
        #expect(todo.isVersioned)
        #expect(todo.operations.sync == "syncTodos")
        #expect(
            todo.fields.map(\.name) == [
                "name", "id", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt",
            ])
        #expect(fields(catalogue, "DeleteTodoInput") == ["id: ID!", "_version: Int"])
        #expect(fields(catalogue, "CreateTodoInput") == ["name: String", "id: ID", "_version: Int"])
        #expect(fields(catalogue, "ModelTodoFilterInput").last == "_deleted: ModelBooleanInput")
        let note = try #require(catalogue.models["Note"])
        #expect(!note.isVersioned)
        #expect(note.operations.sync == nil)
        #expect(fields(catalogue, "DeleteNoteInput") == ["id: ID!"])
    }

    @Test(arguments: [(true, true), (false, false)])
    func versionedOverrideWinsOverTheConfig(versioned: Bool, expected: Bool) throws {
        let config = #"{"ResolverConfig": {"project": {"ConflictDetection": "\#(versioned ? "NONE" : "VERSION")"}}}"#
        let catalogue = try transform("type Todo @model { name: String }", config: config, versioned: versioned)
        #expect(catalogue.models["Todo"]?.isVersioned == expected)
        #expect((catalogue.models["Todo"]?.operations.sync != nil) == expected)
    }

    @Test func implicitForeignKeys() throws {
        let sdl = """
            type Post @model { title: String comments: [Comment] @hasMany }
            type Comment @model { text: String post: Post @belongsTo }
            type Project @model { name: String team: Team @hasOne }
            type Team @model { name: String project: Project @belongsTo }
            """
        let catalogue = try transform(sdl)
        let comment = try #require(catalogue.models["Comment"])
        #expect(comment.field("postCommentsId")?.type == .named("ID"))
        #expect(
            comment.field("post")?.relationship
                == Relationship(kind: .belongsTo, relatedModel: "Post", keyFields: ["postCommentsId"]))
        #expect(
            catalogue.models["Post"]?.field("comments")?.relationship
                == Relationship(kind: .hasMany, relatedModel: "Comment", keyFields: ["postCommentsId"]))
        #expect(fields(catalogue, "CreateCommentInput") == ["text: String", "id: ID", "postCommentsId: ID"])
        #expect(fields(catalogue, "UpdateCommentInput") == ["text: String", "id: ID!", "postCommentsId: ID"])
        #expect(
            fields(catalogue, "ModelSubscriptionPostFilterInput").last == "postCommentsId: ModelSubscriptionIDInput")
        #expect(catalogue.models["Project"]?.field("projectTeamId") != nil)
        #expect(catalogue.models["Project"]?.field("team")?.relationship?.keyFields == ["projectTeamId"])
        #expect(catalogue.models["Team"]?.field("teamProjectId") != nil)
        #expect(catalogue.models["Team"]?.field("project")?.relationship?.keyFields == ["teamProjectId"])
        #expect(comment.fields.map(\.name) == ["text", "post", "id", "createdAt", "updatedAt", "postCommentsId"])
    }

    @Test func fieldsFormAddsNothing() throws {
        let sdl = """
            type Post @model { id: ID! title: String comments: [Comment] @hasMany(indexName: "byPost", fields: ["id"]) }
            type Comment @model { id: ID! postID: ID! @index(name: "byPost", sortKeyFields: ["text"]) text: String
              post: Post @belongsTo(fields: ["postID"]) }
            """
        let catalogue = try transform(sdl)
        let comment = try #require(catalogue.models["Comment"])
        #expect(comment.fields.map(\.name) == ["id", "postID", "text", "post", "createdAt", "updatedAt"])
        #expect(comment.field("post")?.relationship?.keyFields == ["postID"])
        #expect(catalogue.models["Post"]?.field("comments")?.relationship?.keyFields == ["postID"])
        #expect(catalogue.inputObjects["ModelStringKeyConditionInput"]?.fields.last?.name == "beginsWith")
    }

    @Test func modelOptionsRenameAndDisable() throws {
        let sdl = """
            type Log @model(queries: {get: "fetchLog", list: null}, mutations: {delete: null}, timestamps: {createdAt: "createdOn", updatedAt: null}) {
              message: String
            }
            """
        let catalogue = try transform(sdl)
        let log = try #require(catalogue.models["Log"])
        #expect(log.operations.get == "fetchLog")
        #expect(log.operations.list == nil)
        #expect(log.operations.listArguments.isEmpty)
        #expect(log.operations.create == "createLog")
        #expect(log.operations.delete == nil)
        #expect(log.operations.deleteInput == nil)
        #expect(catalogue.inputObjects["DeleteLogInput"] == nil)
        #expect(log.fields.map(\.name) == ["message", "id", "createdOn"])
        #expect(log.field("createdOn")?.isReadOnly == true)
    }

    @Test func declaredTimestampsAndCompositeIndexKeys() throws {
        let sdl = """
            enum Level { LOW HIGH }
            type Task @model {
              id: ID!
              createdAt: AWSDateTime
              level: Level @index(sortKeyFields: ["when", "owner"])
              when: AWSDateTime
              owner: String
              labels: [Level]
            }
            """
        let catalogue = try transform(sdl)
        #expect(
            fields(catalogue, "CreateTaskInput") == [
                "id: ID", "createdAt: AWSDateTime", "level: Level", "when: AWSDateTime", "owner: String",
                "labels: [Level]",
            ])
        #expect(fields(catalogue, "ModelTaskConditionInput").contains("createdAt: ModelStringInput"))
        #expect(fields(catalogue, "ModelTaskConditionInput").contains("labels: ModelLevelListInput"))
        #expect(
            fields(catalogue, "ModelLevelListInput") == [
                "eq: [Level]", "ne: [Level]", "contains: Level", "notContains: Level",
            ])
        #expect(
            fields(catalogue, "ModelTaskTasksByLevelAndWhenAndOwnerCompositeKeyInput") == [
                "when: AWSDateTime", "owner: String",
            ])
        #expect(catalogue.inputObjects["ModelTaskTasksByLevelAndWhenAndOwnerCompositeKeyConditionInput"] != nil)
        #expect(
            catalogue.models["Task"]?.fields.map(\.name) == [
                "id", "createdAt", "level", "when", "owner", "labels", "updatedAt",
            ])
        #expect(catalogue.models["Task"]?.field("createdAt")?.isReadOnly == true)
    }
}
