import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Loads arbitrary bytes as a schema, the way `--schema` does: compiled SDL, Amplify source SDL or
/// model introspection JSON, chosen by content. Any `GQLPatchError` is fine; a trap is not. The
/// first byte chooses the transform config that goes with a source schema.
enum SchemaCatalogueFuzzTarget {
    static let transformConfigs: [JSONValue?] = [
        nil,
        [
            "Version": 5,
            "ResolverConfig": ["project": ["ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION"]],
        ],
        ["Version": 5],
    ]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let config = transformConfigs[Int(first) % transformConfigs.count]
        do {
            let catalogue = try CatalogueLoader.load(
                bytes: Array(bytes.dropFirst()), file: "fuzz.graphql", transformConfig: config)
            for name in catalogue.modelNames {
                precondition(catalogue.models[name] != nil, "model \(name) listed but missing")
            }
        } catch {
            precondition(!error.message.isEmpty, "empty error message")
        }
    }
}
