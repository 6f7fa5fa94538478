import Foundation
import JSON
import Testing

/// An Amplify `schema/` folder as the schema: named by `--schema DIR`, or found as `./schema/` where
/// `./schema.graphql` would be (the file preferred, as the Amplify CLI prefers it).
@Suite struct SchemaFolderEndToEndTests {
    private func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-folder-\(UUID().uuidString)")
        let schema = folder.appendingPathComponent("schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try "type Post @model {\n  title: String\n  tags: [Tag] @manyToMany(relationName: \"PostTags\")\n}\n".write(
            to: schema.appendingPathComponent("post.graphql"), atomically: true, encoding: .utf8)
        try "type Tag @model {\n  label: String\n  posts: [Post] @manyToMany(relationName: \"PostTags\")\n}\n".write(
            to: schema.appendingPathComponent("tag.graphql"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aNamedFolderAndADiscoveredOneAreReadWhole() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = try GQLPatchRun.run(["--schema", folder.appendingPathComponent("schema").path, "schema"])
        let catalogue = try named.singleDocument()
        #expect(catalogue["models"]?.objectValue?.keys.sorted() == ["Post", "PostTags", "Tag"])
        let found = try GQLPatchRun.run(["schema"], in: folder)
        #expect(try found.singleDocument() == catalogue)
        // ./schema.graphql wins over ./schema/.
        try "type Only @model { id: ID! }".write(
            to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let preferred = try GQLPatchRun.run(["schema"], in: folder)
        #expect(try preferred.singleDocument()["models"]?.objectValue?.keys.sorted() == ["Only"])
    }

    @Test func aProblemIsReportedInItsOwnFile() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tag = folder.appendingPathComponent("schema/tag.graphql")
        try "type Tag @model {\n  label String\n}\n".write(to: tag, atomically: true, encoding: .utf8)
        let named = try GQLPatchRun.run(["--schema", folder.appendingPathComponent("schema").path, "schema"])
        named.expectFailure(78, "\(tag.path):2:9: error: expected \":\"")
    }
}
