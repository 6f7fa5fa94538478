import Foundation
import JSON
import Testing

/// The real binary on v1 transformer source schemas in an Amplify project folder: updates planned from
/// the source carry the real key and the `@connection` foreign keys; `amplify/cli.json` decides the
/// generation of a schema without v1 directives; a schema mixing generations is refused.
@Suite struct V1SourceSchemaEndToEndTests {
    static let schema = """
        type RecipeStep @model @key(fields: ["recipeID", "rowID"]) {
          recipeID: ID!
          rowID: Int!
          action: String
        }
        type Post @model { id: ID!, title: String }
        type Comment @model { id: ID!, text: String, post: Post @connection }
        """

    /// `<folder>/amplify/backend/api/app/schema.graphql`, with `amplify/cli.json` when given.
    private func project(_ schema: String, cliJSON: String? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-v1-\(UUID().uuidString)")
        let api = folder.appendingPathComponent("amplify/backend/api/app")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        try schema.write(to: api.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        if let cliJSON {
            try cliJSON.write(to: folder.appendingPathComponent("amplify/cli.json"), atomically: true, encoding: .utf8)
        }
        return api.appendingPathComponent("schema.graphql").path
    }

    /// Removes the project folder `project` made around `schema`.
    private func remove(_ schema: String) {
        var folder = URL(fileURLWithPath: schema)
        for _ in 0..<5 { folder.deleteLastPathComponent() }
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ schema: String, _ arguments: [String]) throws -> ProcessResult {
        try TestPaths.requireTools()
        return try CommandRunner.run(
            TestPaths.binary,
            ["--schema", schema, "--endpoint", "http://127.0.0.1:9/graphql", "--api-key", "da2-v1test", "--compact"]
                + arguments)
    }

    @Test func dualKeyUpdateSendsTheKeyAndNoID() throws {
        let path = try project(Self.schema)
        defer { remove(path) }
        let plan = try run(
            path,
            ["--dry-run", "update", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3", "--set", "action=Stir"]
        ).singleDocument()
        let step = try #require(plan["steps"]?.arrayValue?.last)
        #expect(step["variables"] == ["input": ["recipeID": "r1", "rowID": 3, "action": "Stir"]])
    }

    @Test func connectionForeignKeyCanBeSet() throws {
        let path = try project(Self.schema)
        defer { remove(path) }
        let plan = try run(path, ["--dry-run", "update", "Comment", "--id", "c1", "--set", "commentPostId=p2"])
            .singleDocument()
        let step = try #require(plan["steps"]?.arrayValue?.last)
        #expect(step["variables"] == ["input": ["id": "c1", "commentPostId": "p2"]])
    }

    @Test func cliJSONDecidesTheGeneration() throws {
        let schema = "type Status @model { id: ID!, name: String }"
        let v1 = try project(schema, cliJSON: #"{"features": {"graphqltransformer": {"transformerversion": 1,}}}"#)
        let v2 = try project(schema)
        defer {
            remove(v1)
            remove(v2)
        }
        #expect(try run(v1, ["schema", "Status"]).singleDocument()["operations"]?["list"] == "listStatuss")
        #expect(try run(v2, ["schema", "Status"]).singleDocument()["operations"]?["list"] == "listStatuses")
    }

    @Test func mixedGenerationsAreASchemaError() throws {
        let path = try project(
            """
            type Post @model @key(fields: ["slug"]) { slug: String!, comments: [Comment] @hasMany }
            type Comment @model { id: ID! }
            """)
        defer { remove(path) }
        try run(path, ["--dry-run", "get", "Post", "--id", "x"]).expectFailure(
            78, "\(path):1:78: error: the schema mixes v1 transformer directives (@key (\(path):1:18)) with v2 ones")
    }
}
