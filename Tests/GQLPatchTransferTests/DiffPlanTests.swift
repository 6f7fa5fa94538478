import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport
@testable import GQLPatchTransfer

/// What `diff` compares, planned before a record is read: the models both sides list, those only
/// one has, the fields both write, and a refusal when a model's key differs.
@Suite struct DiffPlanTests {
    private func api(_ schema: String, _ described: String) throws -> DiffPlan.API {
        let catalogue = try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(schema.utf8)]))
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: ScriptedTransport([.graphQL("{}")]), authorizer: .none,
            wording: SourceNameWording())
        return DiffPlan.API(
            catalogue: catalogue, sender: RetryingSender(client: client, policy: RetryPolicy(maxAttempts: 1)),
            described: described)
    }

    private func plan(_ source: String, _ target: String, models: [String] = []) throws -> DiffPlan {
        try DiffPlan.make(
            models: models, source: api(source, "the source (from)"), target: api(target, "the target (to)"),
            includeTimestamps: false, pageSize: nil, readFile: { _ in [] }, wording: SourceNameWording())
    }

    @Test func comparesTheFieldsBothWriteAndNamesTheRest() throws {
        let plan = try plan(
            "type Post @model { id: ID! title: String draft: Boolean } type Tag @model { id: ID! }",
            "type Post @model { id: ID! title: String views: Int }")
        #expect(plan.pairs.map(\.source.model.name) == ["Post"])
        #expect(plan.pairs.first?.fields == ["title"])
        #expect(plan.onlyOneSide.map(\.model) == ["Tag"] && plan.onlyOneSide.map(\.side) == ["the source (from)"])
        #expect(
            plan.notes == [
                "gqlpatch: note: diff: Post.draft is only in the source's schema; not compared",
                "gqlpatch: note: diff: Post.views is only in the target's schema; not compared",
            ])
    }

    @Test func aModelWhoseKeyDiffersIsRefused() throws {
        let error = #expect(throws: GQLPatchError.self) {
            try plan(
                "type Post @model { id: ID! title: String }",
                "type Post @model @key(fields: [\"title\"]) { id: ID! title: String! }", models: ["Post"])
        }
        #expect(
            error?.code == .invalidInput && error?.message.hasPrefix("Post's key is id in the source but title") == true
        )
    }
}
