import GQLPatchSupport
import GraphQLSDL

/// Builds the located `.configuration` errors the schema readers throw:
/// `FILE:LINE:COLUMN: error: MESSAGE`.
package enum SchemaDiagnostic {
    package static func error(_ file: String, _ location: SourceLocation, _ message: String) -> GQLPatchError {
        GQLPatchError(.configuration, "\(file):\(location.line):\(location.column): error: \(message)")
    }

    package static func error(_ file: String, line: Int, column: Int, _ message: String) -> GQLPatchError {
        GQLPatchError(.configuration, "\(file):\(line):\(column): error: \(message)")
    }

    /// The start of a file, for problems of the whole document (`no models`).
    package static let start = SourceLocation(line: 1, column: 1, offset: 0)
}
