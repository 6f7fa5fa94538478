import CSV
import Dispatch
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The first pass of a CSV or TSV import: the header read into the column map, then every row
/// typed, rewritten for the mode and parsed into the operation that writes it (a chunk of rows at a
/// time, on every core), so that a file that does not fit the model is refused whole before anything
/// is sent, every problem listed (`FILE:LINE:COLUMN`) up to `maximumListed`. Blank lines are passed
/// over; a row with more or fewer fields than the header is a problem of its own. The operations of
/// a file of at most `kept` rows are kept, so the rows are sent without being read again.
package struct CSVImportCheck: Sendable {
    /// The most problems listed; the rest are counted.
    package static let maximumListed = 100
    /// Rows read before they are typed side by side.
    static let chunk = 4096

    package var map: CSVColumnMap
    /// The rewrite of the rows' lines: the mode's, with `replace`'s cleared fields set.
    package var rewrite: ImportRewrite
    /// The rows that are records (the header and blank lines not counted).
    package var rows = 0
    package var problems: [CSVProblem] = []
    /// Problems beyond `maximumListed`.
    package var unlisted = 0
    /// Every row's operation, in order, when there were at most `kept` rows and no problem.
    package var entries: [BatchEntry]? = []

    /// Reads `file` from its start to its end. A header that does not fit is thrown at once (its
    /// problems listed); a file with no header is refused.
    package init(
        _ file: CSVRowFile, renames: [String: String], model: Model, emptyAsNull: Bool, rewrite: ImportRewrite,
        parser: BatchLineParser, kept: Int
    ) throws(GQLPatchError) {
        guard let header = try file.next() else {
            throw .invalidInput("\(file.name) is empty: its first line must name the columns")
        }
        do {
            map = try CSVColumnMap(
                header: header.fields, line: header.line, renames: renames, model: model, catalogue: rewrite.catalogue)
        } catch {
            throw .invalidInput(Self.describe(error.problems, unlisted: 0, file: file.name, model: model.name))
        }
        map.emptyAsNull = emptyAsNull
        self.rewrite = rewrite
        if rewrite.mode == .replace {
            // The fields a record is written with that no column gives: cleared.
            let given = Set(map.columns.map { $0.path[0] })
            self.rewrite.cleared = [
                model.name: ExportLine(model: model, catalogue: rewrite.catalogue, includeTimestamps: false).fields
                    .filter { !given.contains($0) }
            ]
        }
        var records: [CSVRecord] = []
        var ended = false
        while !ended {
            records.removeAll(keepingCapacity: true)
            while records.count < Self.chunk {
                guard let record = try file.next() else {
                    ended = true
                    break
                }
                if record.isBlank, header.fields.count > 1 { continue }
                records.append(record)
            }
            for result in Self.entries(
                of: records, width: header.fields.count, map: map, rewrite: self.rewrite, parser: parser)
            {
                rows += 1
                switch result {
                case .success(let entry):
                    if rows > kept { entries = nil } else { entries?.append(entry) }
                case .failure(let found):
                    entries = nil
                    for problem in found.problems { note(problem) }
                }
            }
        }
    }

    /// Each record's operation, or its problems, in order: side by side on up to four cores.
    private static func entries(
        of records: [CSVRecord], width: Int, map: CSVColumnMap, rewrite: ImportRewrite, parser: BatchLineParser
    ) -> [Result<BatchEntry, CSVProblems>] {
        let threads = records.count >= 256 ? BatchLineParser.parsingThreads : 1
        var results = [Result<BatchEntry, CSVProblems>?](repeating: nil, count: records.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each thread writes only its own stretch of the buffer.
            nonisolated(unsafe) let slots = buffer
            let stretch = (records.count + threads - 1) / max(threads, 1)
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                for index in part * stretch..<min(records.count, (part + 1) * stretch) {
                    slots[index] = entry(records[index], width: width, map: map, rewrite: rewrite, parser: parser)
                }
            }
        }
        return results.map { $0! }
    }

    /// One record's operation: typed by the map, rewritten for the mode, parsed.
    static func entry(
        _ record: CSVRecord, width: Int, map: CSVColumnMap, rewrite: ImportRewrite, parser: BatchLineParser
    ) -> Result<BatchEntry, CSVProblems> {
        guard record.fields.count == width else {
            let count = record.fields.count
            return .failure(
                CSVProblems([
                    CSVProblem(
                        line: record.line, column: min(count, width) + 1,
                        "the row has \(count) field\(count == 1 ? "" : "s"), the header \(width)")
                ]))
        }
        var problems: [CSVProblem] = []
        let line: JSONObject
        switch map.line(record.fields, lines: record.lines) {
        case .success(let typed): line = typed
        case .failure(let found): return .failure(found)
        }
        // Mapped owners: a value with no mapping would keep the old owner, and is refused.
        if rewrite.owner == nil, !rewrite.ownerMap.isEmpty {
            for column in map.columns where map.model.ownerFields.contains(column.path[0]) {
                let value = record.fields[column.index]
                guard !value.isEmpty, rewrite.ownerMap[value] == nil else { continue }
                problems.append(
                    CSVProblem(
                        line: record.lines[column.index], column: column.index + 1,
                        "\(column.header): owner \(ValueTyper.quoted(value)) has no mapping"))
            }
        }
        guard problems.isEmpty else { return .failure(CSVProblems(problems)) }
        do {
            return .success(.operation(try parser.parse(.object(rewrite.rewrite(line)), line: record.line)))
        } catch {
            return .failure(
                CSVProblems([CSVProblem(line: record.line, column: error.column ?? 1, error.message)]))
        }
    }

    private mutating func note(_ problem: CSVProblem) {
        if problems.count < Self.maximumListed { problems.append(problem) } else { unlisted += 1 }
    }

    /// Every problem, one `FILE:LINE:COLUMN: message` line each, under a first line that counts them.
    package static func describe(_ problems: [CSVProblem], unlisted: Int, file: String, model: String) -> String {
        let total = problems.count + unlisted
        var text = "\(file) does not fit \(model): \(total) problem\(total == 1 ? "" : "s"); nothing was sent"
        for problem in problems { text += "\n\(file):\(problem.line):\(problem.column): \(problem.message)" }
        if unlisted > 0 { text += "\n(and \(unlisted) more)" }
        return text
    }
}
