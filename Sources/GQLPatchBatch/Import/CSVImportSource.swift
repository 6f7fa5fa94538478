import CSV
import GQLPatchOperations
import GQLPatchSupport
import JSON

/// A checked CSV or TSV file as a batch's source: the operations the check kept (a file of at most
/// `BatchApply.keptOperations` rows), else each row read again, typed into its line
/// (`CSVColumnMap`), rewritten for the mode as `import` rewrites an export's lines and parsed into the
/// operation that writes it: no JSON text between. Numbered by the line a row starts on, so
/// messages, the journal and `--resume` name the file's own lines.
package final class CSVImportSource: BatchSource {
    package var name: String { file.name }
    private let file: CSVRowFile
    private let check: CSVImportCheck
    private let parser: BatchLineParser
    private var kept: [BatchEntry]?
    private var keptIndex = 0
    private var width: Int?

    /// `file` as `check` left it: read to its end (rewound here when its operations were not kept).
    package init(file: CSVRowFile, check: CSVImportCheck, parser: BatchLineParser) throws(GQLPatchError) {
        self.file = file
        self.check = check
        self.parser = parser
        kept = check.entries
        if kept == nil { try file.rewind() }
    }

    package func next() async throws(GQLPatchError) -> BatchEntry? {
        if let kept {
            guard keptIndex < kept.count else { return nil }
            defer { keptIndex += 1 }
            return kept[keptIndex]
        }
        if width == nil { width = try file.next()?.fields.count ?? 0 }
        let width = self.width ?? 0
        while let record = try file.next() {
            if record.isBlank, width > 1 { continue }
            switch CSVImportCheck.entry(record, width: width, map: check.map, rewrite: check.rewrite, parser: parser) {
            case .success(let entry):
                return entry
            case .failure(let found):
                let first = found.problems[0]
                return .refused(
                    BatchLineError(line: first.line, column: first.column, message: first.message), digest: "")
            }
        }
        return nil
    }
}
