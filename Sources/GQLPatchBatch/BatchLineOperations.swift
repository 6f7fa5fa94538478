import GQLPatchSupport

/// JSON Lines as a batch's source: each line that is not blank, typed by the parser (or taken from the
/// whole-file check, which parsed a short file's lines already).
package final class BatchLineOperations: BatchSource {
    package let lines: BatchLineSource
    package let parser: BatchLineParser
    /// The entries of a file's non-blank lines in order, when the whole-file check kept them
    /// (files up to `BatchApply.keptOperations` lines); nil: parse each line as it is read.
    private var checked: [BatchEntry]?
    private var checkedIndex = 0

    package init(lines: BatchLineSource, parser: BatchLineParser, checked: [BatchEntry]?) {
        self.lines = lines
        self.parser = parser
        self.checked = checked
    }

    package var name: String { lines.name }

    package func next() async throws(GQLPatchError) -> BatchEntry? { try nextEntry() }

    /// `next`, without suspending: a file's lines are read where the run is.
    package func nextEntry() throws(GQLPatchError) -> BatchEntry? {
        while let line = try lines.next() {
            if line.isBlank { continue }
            if let checked {
                let entry = checked[checkedIndex]
                checkedIndex += 1
                if checkedIndex == checked.count { self.checked = [] }  // let the array go
                return entry
            }
            do {
                return try parser.parseEntry(line)
            } catch {
                return .refused(error, digest: parser.wantsDigest ? BatchLineParser.digest(line.bytes) : "")
            }
        }
        return nil
    }
}
