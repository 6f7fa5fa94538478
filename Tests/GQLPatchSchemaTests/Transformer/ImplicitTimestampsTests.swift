import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema

/// The timestamps a source schema does not declare are implicit (never selected by default) unless the
/// source says a v2 transformer compiled it: v1 transformers before mid-2020 added none, and 27 of the
/// corpus's 90 deployed APIs refuse a request that selects them.
@Suite struct ImplicitTimestampsTests {
    static let folder = "/app/amplify/backend/api/app"
    static let v2CLIJSON = #"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": true}}}"#
    static let v1CLIJSON = #"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": false}}}"#

    private func todo(_ schema: String, cliJSON: String? = nil) throws -> Model {
        var files = ["\(Self.folder)/schema.graphql": Array(schema.utf8)]
        if let cliJSON { files["/app/amplify/cli.json"] = Array(cliJSON.utf8) }
        let catalogue = try CatalogueLoader.load(path: "\(Self.folder)/schema.graphql", files: .memory(files))
        return try #require(catalogue.models["Todo"])
    }

    private func implicitness(_ model: Model) -> [Bool?] {
        ["createdAt", "updatedAt"].map { model.field($0)?.isImplicit }
    }

    @Test func aSchemaThatDoesNotSayItsTransformerLeavesItsAddedTimestampsImplicit() throws {
        let model = try todo("type Todo @model { id: ID! name: String }")
        #expect(implicitness(model) == [true, true])
        #expect(model.field("name")?.isImplicit == false)
    }

    @Test func aV1SourceLeavesThemImplicit() throws {
        #expect(
            implicitness(try todo("type Todo @model @key(fields: [\"id\"]) { id: ID! name: String }")) == [true, true])
        #expect(
            implicitness(try todo("type Todo @model { id: ID! name: String }", cliJSON: Self.v1CLIJSON)) == [
                true, true,
            ])
    }

    @Test func aV2SourceSelectsThem() throws {
        // A v2-only directive says which transformer compiled it; so does cli.json.
        #expect(
            implicitness(try todo("type Todo @model { id: ID! @primaryKey name: String @index(name: \"byName\") }"))
                == [false, false])
        #expect(
            implicitness(try todo("type Todo @model { id: ID! name: String }", cliJSON: Self.v2CLIJSON)) == [
                false, false,
            ])
    }

    @Test func declaredTimestampsAreNeverImplicit() throws {
        let model = try todo("type Todo @model { id: ID! name: String createdAt: AWSDateTime updatedAt: AWSDateTime }")
        #expect(implicitness(model) == [false, false])
        // Renamed ones are added under their new names, implicit as the defaults are.
        let renamed = try todo("type Todo @model(timestamps: {createdAt: \"createdOn\"}) { id: ID! }")
        #expect(renamed.field("createdOn")?.isImplicit == true)
    }
}
