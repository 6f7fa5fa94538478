import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The repository's schema.graphql as a catalogue, for the record commands' unit tests.
package enum RecordCommandFixtures {
    package static let catalogue: ModelCatalogue = {
        do {
            return try CatalogueLoader.load(path: Fixture.repositorySchema, files: .local)
        } catch {
            fatalError("schema.graphql does not load: \(error)")
        }
    }()

    package static func model(_ name: String) -> Model {
        guard let model = catalogue.models[name] else { fatalError("no model \(name) in schema.graphql") }
        return model
    }

    /// Reads nothing: the tests give no files.
    package static let noFiles: @Sendable (String) throws(GQLPatchError) -> [UInt8] = { path throws(GQLPatchError) in
        throw GQLPatchError.unreadableFile("cannot read \(path): no such file")
    }

    /// The error a throwing body threw, or nil.
    package static func error<T>(_ body: () throws(GQLPatchError) -> T) -> GQLPatchError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
