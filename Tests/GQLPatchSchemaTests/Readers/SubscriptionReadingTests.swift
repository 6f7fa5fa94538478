import GQLPatchTestSupport
import GraphQLSDL
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// A model's subscriptions: from the compiled schema's `@aws_subscribe`, by name where directives
/// are gone, and as the transformers name them from a source schema.
@Suite struct SubscriptionReadingTests {
    func catalogue(_ sdl: String) throws -> ModelCatalogue {
        try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(sdl.utf8)]))
    }

    @Test func theProjectSchemaHasAllThreeWithTheirMutations() throws {
        let item = try #require(try CatalogueLoader.load(path: "schema.graphql", files: .local).models["Item"])
        #expect(item.operations.subscriptions.map(\.event) == [.create, .update, .delete])
        #expect(item.operations.subscription(.update)?.name == "onUpdateItem")
    }

    @Test func theDirectiveDecidesNotTheName() throws {
        let sdl = """
            type Item { id: ID! name: String }
            input UpdateItemInput { id: ID! name: String }
            input DeleteItemInput { id: ID! }
            type Query { getItem(id: ID!): Item }
            type Mutation { updateItem(input: UpdateItemInput!): Item deleteItem(input: DeleteItemInput!): Item }
            type Subscription {
              itemChanged: Item @aws_subscribe(mutations: ["updateItem"])
              onDeleteItem(owner: String!): Item @aws_subscribe(mutations: ["deleteItem"])
            }
            """
        let item = try #require(try catalogue(sdl).models["Item"])
        #expect(item.operations.subscription(.update)?.name == "itemChanged")
        let delete = try #require(item.operations.subscription(.delete))
        #expect(delete.arguments.map(\.name) == ["owner"])
        #expect(item.operations.subscription(.create) == nil)
    }

    @Test func aSourceSchemaGetsTheTransformersNames() throws {
        let item = try #require(try catalogue("type Item @model { id: ID! name: String }").models["Item"])
        #expect(item.operations.subscriptions.map(\.name) == ["onCreateItem", "onUpdateItem", "onDeleteItem"])
        #expect(item.operations.subscription(.update)?.filterInput == "ModelSubscriptionItemFilterInput")
    }
}
