import CSV
import GQLPatchOperations
import GQLPatchSupport
import JSON

/// A checked CSV or TSV file as a batch's source: each row typed into its line (`CSVColumnMap`),
/// rewritten for the mode as `import` rewrites an export's lines, and parsed into the operation that
/// writes it: no JSON text between. Numbered by the line a row starts on, so messages, the journal
/// and `--resume` name the file's own lines.
package final class CSVImportSource: BatchSource {
    package var name: String { file.name }
    private let file: CSVRowFile
    private let map: CSVColumnMap
    private let rewrite: ImportRewrite
    private let parser: BatchLineParser
    private var headerRead = false
    private var width = 0

    package init(file: CSVRowFile, map: CSVColumnMap, rewrite: ImportRewrite, parser: BatchLineParser) {
        self.file = file
        self.map = map
        self.rewrite = rewrite
        self.parser = parser
    }

    package func next() async throws(GQLPatchError) -> BatchEntry? {
        if !headerRead {
            headerRead = true
            width = try file.next()?.fields.count ?? 0
        }
        while let record = try file.next() {
            if record.isBlank, width > 1 { continue }
            guard record.fields.count == width else {
                return .refused(
                    BatchLineError(
                        line: record.line, column: nil,
                        message: "the row has \(record.fields.count) fields, the header \(width)"),
                    digest: "")
            }
            switch map.line(record.fields, lines: record.lines) {
            case .success(let object):
                do {
                    return .operation(try parser.parse(.object(rewrite.rewrite(object)), line: record.line))
                } catch {
                    return .refused(error, digest: "")
                }
            case .failure(let found):
                let first = found.problems[0]
                return .refused(
                    BatchLineError(line: first.line, column: first.column, message: first.message), digest: "")
            }
        }
        return nil
    }
}
