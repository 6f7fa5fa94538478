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

    /// stderr after the note `import` gives a file without an export header (a hand-written one),
    /// which it must begin with.
    var stderrAfterUncheckedNote: String {
        let note = "has no export header (an export of an older gqlpatch, or lines written otherwise)"
        guard let first = stderr.firstIndex(of: "\n"), stderr[..<first].contains(note) else {
            return "(no note) " + stderr
        }
        return String(stderr[stderr.index(after: first)...])
    }

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}
