import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport

/// Parses arbitrary bytes as `~/.aws/config` (first byte even) or `~/.aws/credentials` (odd).
/// Every property must carry a line inside the file; its description must show no values.
enum AWSConfigFileFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        let kind: AWSConfigFile.Kind = first & 1 == 0 ? .config : .credentials
        do {
            let file = try AWSConfigFile.parse(body, path: "/fuzz/aws", kind: kind)
            let lines = body.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            for (_, properties) in file.profiles {
                for (_, property) in properties {
                    precondition(
                        property.line >= 1 && property.line <= lines, "property line \(property.line) outside the file")
                }
            }
            _ = file.description
        } catch {
            precondition(error.message.contains("/fuzz/aws"), "error does not name the file: \(error.message)")
        }
    }
}
