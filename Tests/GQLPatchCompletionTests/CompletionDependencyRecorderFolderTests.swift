import Foundation
import Testing

@testable import GQLPatchCompletion
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The completion cache's recorder: a listed `schema/` folder is a dependency by its own stamp, so a
/// file added to it (or removed) invalidates the cached catalogue.
@Suite struct CompletionDependencyRecorderFolderTests {
    @Test func aListedFolderIsRecordedAndAnAddedFileChangesItsStamp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        let schema = folder.appendingPathComponent("schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "type A @model { id: ID! }".write(
            to: schema.appendingPathComponent("a.graphql"), atomically: false, encoding: .utf8)
        let recorder = CompletionDependencyRecorder()
        _ = try CatalogueLoader.load(path: schema.path, files: recorder.recording(.local))
        let dependencies = try #require(recorder.dependencies)
        let recorded = try #require(dependencies.first { $0.path == schema.path })
        #expect(dependencies.contains { $0.path == schema.appendingPathComponent("a.graphql").path })
        try "type B @model { id: ID! }".write(
            to: schema.appendingPathComponent("b.graphql"), atomically: false, encoding: .utf8)
        #expect(FileStamp.current(schema.path) != recorded.stamp)
    }
}
