import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `ExportOrder`: parents before children, ties in the given order, cycles broken at a nullable link.
@Suite struct ExportOrderTests {
    func catalogue(_ sdl: String) throws -> ModelCatalogue {
        try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(sdl.utf8)]))
    }

    /// Children declared first, a join model between two parents, an unrelated model.
    static let blog = """
        type Comment @model { id: ID! text: String post: Post @belongsTo }
        type PostTag @model {
          id: ID!
          postId: ID! @index(name: "byPost")
          tagId: ID! @index(name: "byTag")
          post: Post @belongsTo(fields: ["postId"])
          tag: Tag @belongsTo(fields: ["tagId"])
        }
        type Post @model {
          id: ID!
          title: String
          blog: Blog @belongsTo
          comments: [Comment] @hasMany
          tags: [PostTag] @hasMany(indexName: "byPost", fields: ["id"])
        }
        type Tag @model { id: ID! label: String posts: [PostTag] @hasMany(indexName: "byTag", fields: ["id"]) }
        type Blog @model { id: ID! name: String posts: [Post] @hasMany }
        type Note @model { id: ID! text: String }
        """

    @Test func parentsComeBeforeChildrenAndJoinModelsAfterBothSides() throws {
        let catalogue = try catalogue(Self.blog)
        let order = ExportOrder.plan(catalogue.modelNames, in: catalogue)
        #expect(order.steps.map(\.model) == ["Tag", "Blog", "Post", "Comment", "PostTag", "Note"])
        #expect(order.cycles.isEmpty)
        #expect(order.secondPass.isEmpty)
        let links = ModelLink.links(among: catalogue.modelNames, in: catalogue)
        #expect(
            links.contains(
                ModelLink(holder: "Comment", referenced: "Post", fields: ["postCommentsId"], isNullable: true)))
        #expect(links.contains(ModelLink(holder: "PostTag", referenced: "Tag", fields: ["tagId"], isNullable: false)))
    }

    @Test func modelsLeftOutAreNotWaitedFor() throws {
        let catalogue = try catalogue(Self.blog)
        let order = ExportOrder.plan(["Comment", "Blog"], in: catalogue)
        #expect(order.steps.map(\.model) == ["Comment", "Blog"])
    }

    @Test func aSelfReferenceIsDeferredToTheSecondPass() throws {
        let catalogue = try catalogue(
            """
            type Employee @model {
              id: ID!
              name: String
              managerID: ID
              manager: Employee @belongsTo(fields: ["managerID"])
            }
            """)
        let order = ExportOrder.plan(["Employee"], in: catalogue)
        #expect(order.steps == [ExportOrder.Step(model: "Employee", deferredFields: ["managerID"])])
        #expect(
            order.cycles == [
                ExportOrder.Cycle(
                    models: ["Employee"],
                    broken: ModelLink(
                        holder: "Employee", referenced: "Employee", fields: ["managerID"], isNullable: true))
            ])
    }

    @Test func aTwoModelCycleIsBrokenAtItsNullableLink() throws {
        // A Team's lead is a Person (nullable); a Person's team is required.
        let catalogue = try catalogue(
            """
            type Person @model { id: ID! teamID: ID! team: Team @belongsTo(fields: ["teamID"]) }
            type Team @model { id: ID! leadID: ID lead: Person @belongsTo(fields: ["leadID"]) }
            """)
        let order = ExportOrder.plan(catalogue.modelNames, in: catalogue)
        #expect(order.steps.map(\.model) == ["Team", "Person"])
        #expect(order.steps[0].deferredFields == ["leadID"])
        #expect(order.cycles.map(\.models) == [["Team", "Person"]])
        #expect(order.cycles.first?.broken?.holder == "Team")
    }

    @Test func aCycleOfRequiredLinksIsReportedUnbroken() throws {
        let catalogue = try catalogue(
            """
            type A @model { id: ID! bID: ID! b: B @belongsTo(fields: ["bID"]) }
            type B @model { id: ID! aID: ID! a: A @belongsTo(fields: ["aID"]) }
            """)
        let order = ExportOrder.plan(catalogue.modelNames, in: catalogue)
        #expect(Set(order.steps.map(\.model)) == ["A", "B"])
        #expect(order.steps.allSatisfy { $0.deferredFields.isEmpty })
        #expect(order.cycles.count == 1)
        #expect(order.cycles.first?.broken == nil)
    }

    @Test func v1ConnectionKeysOrderTheModels() throws {
        let catalogue = try catalogue(
            """
            type Comment @model @key(name: "byPost", fields: ["postID"]) {
              id: ID!
              postID: ID!
              post: Post @connection(fields: ["postID"])
            }
            type Post @model { id: ID! comments: [Comment] @connection(keyName: "byPost", fields: ["id"]) }
            """)
        let order = ExportOrder.plan(catalogue.modelNames, in: catalogue)
        #expect(order.steps.map(\.model) == ["Post", "Comment"])
    }
}
