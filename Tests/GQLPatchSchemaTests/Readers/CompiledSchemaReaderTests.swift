import GQLPatchTestSupport
import GraphQLSDL
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct CompiledSchemaReaderTests {
    func load(_ path: String) throws -> ModelCatalogue {
        try CatalogueLoader.load(path: path, files: .local)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func softmentV2VersionedTodo() throws {
        let catalogue = try load(Fixture.softmentCompiled)
        #expect(catalogue.origin == .compiledSchema)
        #expect(catalogue.modelNames == ["Todo"])
        let todo = try #require(catalogue.models["Todo"])
        let ops = todo.operations
        #expect(ops.get == "getTodo")
        #expect(ops.list == "listTodos")
        #expect(ops.sync == "syncTodos")
        #expect(ops.create == "createTodo")
        #expect(ops.update == "updateTodo")
        #expect(ops.delete == "deleteTodo")
        #expect(ops.createInput == "CreateTodoInput")
        #expect(ops.updateInput == "UpdateTodoInput")
        #expect(ops.deleteInput == "DeleteTodoInput")
        #expect(ops.conditionInput == "ModelTodoConditionInput")
        #expect(ops.filterInput == "ModelTodoFilterInput")
        #expect(ops.getArguments == [OperationArgument(name: "id", type: .nonNull(.named("ID")))])
        #expect(ops.listArguments.map(\.name) == ["filter", "limit", "nextToken"])
        #expect(todo.primaryKey == ["id"])
        #expect(todo.isVersioned)
        #expect(todo.field("priority")?.kind == .enumeration)
        #expect(
            todo.fields.filter(\.isReadOnly).map(\.name) == [
                "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt",
            ])
        #expect(catalogue.enums["Priority"] == ["LOW", "NORMAL", "HIGH"])
        #expect(catalogue.inputObjects["UpdateTodoInput"]?.field("_version")?.type == .named("Int"))
        #expect(
            catalogue.inputObjects["UpdateTodoInput"]?.fields.map(\.name) == [
                "id", "name", "priority", "description", "_version",
            ])
        #expect(catalogue.inputObjects["ModelPriorityInput"] != nil)
        #expect(catalogue.nonModelTypes.isEmpty)
        #expect(catalogue.scalars.contains("AWSTimestamp"))
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func lifestyleV1QuirksAreRead() throws {
        let catalogue = try load(Fixture.lifestyleCompiled)
        #expect(catalogue.modelNames == ["Task", "Note"])
        let task = try #require(catalogue.models["Task"])
        #expect(task.isVersioned)
        #expect(task.operations.sync == "syncTasks")
        #expect(task.operations.list == "listTasks")
        #expect(task.operations.get == "getTask")
        #expect(task.primaryKey == ["id"])
        // v1: the id of the Delete input is nullable; read as written.
        #expect(catalogue.inputObjects["DeleteTaskInput"]?.field("id")?.type == .named("ID"))
        // v1: `items: [Task]` (nullable list) is still a connection.
        #expect(catalogue.models["Note"]?.operations.list == "listNotes")
        #expect(catalogue.models["Note"]?.operations.conditionInput == "ModelNoteConditionInput")
        #expect(catalogue.nonModelTypes.isEmpty)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func dpilchCompositeKeyAndReferences() throws {
        let catalogue = try load(Fixture.dpilchCompiled)
        #expect(catalogue.modelNames == ["Primary", "Related"])
        let primary = try #require(catalogue.models["Primary"])
        #expect(primary.primaryKey == ["tenantId", "instanceId", "recordId"])
        #expect(!primary.isVersioned)
        #expect(primary.operations.sync == nil)
        #expect(primary.operations.list == "listPrimaries")
        #expect(
            primary.operations.getArguments.map(\.description) == ["tenantId: ID!", "instanceId: ID!", "recordId: ID!"])
        #expect(
            primary.operations.listArguments.map(\.description) == [
                "tenantId: ID", "instanceIdRecordId: ModelPrimaryPrimaryCompositeKeyConditionInput",
                "filter: ModelPrimaryFilterInput", "limit: Int", "nextToken: String",
                "sortDirection: ModelSortDirection",
            ])
        let related = try #require(primary.field("related")?.relationship)
        #expect(
            related
                == Relationship(
                    kind: .hasMany, relatedModel: "Related",
                    keyFields: ["primaryTenantId", "primaryInstanceId", "primaryRecordId"]))
        #expect(primary.field("related")?.isReadOnly == true)
        let back = try #require(catalogue.models["Related"]?.field("primary")?.relationship)
        #expect(
            back
                == Relationship(
                    kind: .belongsTo, relatedModel: "Primary",
                    keyFields: ["primaryTenantId", "primaryInstanceId", "primaryRecordId"]))
        #expect(catalogue.models["Related"]?.primaryKey == ["id"])
        #expect(
            catalogue.inputObjects["ModelPrimaryPrimaryCompositeKeyInput"]?.fields.map(\.name) == [
                "instanceId", "recordId",
            ])
        #expect(
            catalogue.inputObjects["DeletePrimaryInput"]?.fields.map(\.name) == ["tenantId", "instanceId", "recordId"])
    }

    @Test func schemaRootRenamesAndExtensionsAreRespected() throws {
        let sdl = """
            schema { query: Q mutation: M }
            type Thing { id: ID! name: String tags: [String] }
            type ThingPage { items: [Thing]! nextToken: String }
            type Q { thing(id: ID!): Thing }
            extend type Q { allThings(filter: ThingFilter, limit: Int, nextToken: String): ThingPage }
            type M { makeThing(input: CreateThingInput!): Thing }
            extend type M { updateThing(input: UpdateThingInput!, condition: ThingCondition): Thing }
            input CreateThingInput { id: ID name: String }
            input UpdateThingInput { id: ID! name: String }
            input ThingFilter { name: String }
            input ThingCondition { name: String }
            """
        let catalogue = try CatalogueLoader.load(path: "r.graphql", files: .memory(["r.graphql": Array(sdl.utf8)]))
        let thing = try #require(catalogue.models["Thing"])
        #expect(thing.operations.get == "thing")
        #expect(thing.operations.list == "allThings")
        #expect(thing.operations.create == "makeThing")
        #expect(thing.operations.update == "updateThing")
        #expect(thing.operations.delete == nil)
        #expect(thing.operations.filterInput == "ThingFilter")
        #expect(thing.operations.conditionInput == "ThingCondition")
        #expect(thing.field("tags")?.isReadOnly == true)  // absent from UpdateThingInput
        #expect(thing.field("name")?.isReadOnly == false)
        #expect(!thing.isVersioned)
    }

    @Test func getArgumentsAreKeptAsDeclared() throws {
        // The transformer's quirk: `getTask(id: ID!)` with `id: Int!` in the update input.
        let sdl = """
            type Task { id: Int! title: String }
            type ModelTaskConnection { items: [Task]! nextToken: String }
            type Query { getTask(id: ID!): Task listTasks(filter: ModelTaskFilterInput, limit: Int, nextToken: String): ModelTaskConnection }
            type Mutation { updateTask(input: UpdateTaskInput!): Task deleteTask(input: DeleteTaskInput!): Task }
            input UpdateTaskInput { id: Int! title: String }
            input DeleteTaskInput { id: ID! }
            input ModelTaskFilterInput { title: String }
            """
        let catalogue = try CatalogueLoader.load(path: "q.graphql", files: .memory(["q.graphql": Array(sdl.utf8)]))
        let task = try #require(catalogue.models["Task"])
        #expect(task.operations.getArguments == [OperationArgument(name: "id", type: .nonNull(.named("ID")))])
        #expect(catalogue.inputObjects["UpdateTaskInput"]?.field("id")?.type == .nonNull(.named("Int")))
        #expect(task.primaryKey == ["id"])
    }

    @Test func nonModelTypesAndRelationshipsWithoutKeysAreClassified() throws {
        let sdl = """
            type File { key: String! }
            type Post { id: ID! title: String file: File author: Author }
            type Author { id: ID! name: String }
            type Query { getPost(id: ID!): Post getAuthor(id: ID!): Author }
            type Mutation { updatePost(input: UpdatePostInput!): Post updateAuthor(input: UpdateAuthorInput!): Author }
            input UpdatePostInput { id: ID! title: String }
            input UpdateAuthorInput { id: ID! name: String }
            """
        let catalogue = try CatalogueLoader.load(path: "p.graphql", files: .memory(["p.graphql": Array(sdl.utf8)]))
        #expect(catalogue.nonModelTypes["File"]?.fields.map(\.name) == ["key"])
        let post = try #require(catalogue.models["Post"])
        #expect(post.field("file")?.kind == .nonModel)
        #expect(
            post.field("author")?.relationship == Relationship(kind: .hasOne, relatedModel: "Author", keyFields: []))
        #expect(post.operations.list == nil)
    }
}

extension OperationArgument: CustomStringConvertible {
    public var description: String { "\(name): \(type)" }
}
