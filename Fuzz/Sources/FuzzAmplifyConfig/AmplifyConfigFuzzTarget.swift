import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport

/// Reads arbitrary bytes as `amplify_outputs.json` / `amplifyconfiguration.json`. Any
/// `GQLPatchError` is fine; a trap or an error that does not name the file is not.
enum AmplifyConfigFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        do {
            let config = try AmplifyConfigReader.read(bytes: bytes, file: "amplify_outputs.json")
            _ = config.endpoint
        } catch {
            precondition(
                error.message.hasPrefix("amplify_outputs.json"), "error does not name the file: \(error.message)")
        }
    }
}
