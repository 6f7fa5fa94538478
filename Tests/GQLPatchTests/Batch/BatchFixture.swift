import Foundation
import GQLPatchCLI
import GQLPatchBatch
import GQLPatchRecords
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchClient
import GQLPatchSupport
import JSON

/// The repository's schema.graphql as a catalogue, and scratch files, for the batch tests.
enum BatchFixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func catalogue(versioned: Bool? = nil) throws -> ModelCatalogue {
        try CatalogueLoader.load(path: root.appendingPathComponent("schema.graphql").path, files: .local, versioned: versioned)
    }

    /// A new empty scratch folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
