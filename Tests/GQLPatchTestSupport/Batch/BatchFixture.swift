import Foundation
import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The repository's schema.graphql as a catalogue, and scratch files, for the batch tests.
package enum BatchFixture {
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static func catalogue(versioned: Bool? = nil) throws -> ModelCatalogue {
        try CatalogueLoader.load(
            path: root.appendingPathComponent("schema.graphql").path, files: .local, versioned: versioned)
    }

    /// A new empty scratch folder (removed when the test process exits).
    package static func folder() throws -> URL {
        try ScratchFolders.make(prefix: "gqlpatch-batch")
    }
}
