import Foundation
import JSON

/// What a finished `gqlpatch` run gave: exit status and both output streams.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout parsed as one JSON document.
    func json() throws -> JSONValue {
        try JSONValue.parse(stdout)
    }

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}
