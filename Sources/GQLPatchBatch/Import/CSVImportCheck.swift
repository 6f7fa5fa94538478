import CSV
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The first pass of a CSV or TSV import: the header read into the column map, then every row
/// typed, so that a file that does not fit the model is refused whole before anything is sent,
/// every problem listed (`FILE:LINE:COLUMN`) up to `maximumListed`. Blank lines are passed over; a
/// row with more or fewer fields than the header is a problem of its own.
package struct CSVImportCheck: Sendable {
    /// The most problems listed; the rest are counted.
    package static let maximumListed = 100

    package var map: CSVColumnMap
    /// The rows that are records (the header and blank lines not counted).
    package var rows = 0
    package var problems: [CSVCellProblem] = []
    /// Problems beyond `maximumListed`.
    package var unlisted = 0

    /// Reads `file` from its start to its end. A header that does not fit is thrown at once (its
    /// problems listed); a file with no header is refused.
    package init(
        _ file: CSVRowFile, renames: [String: String], model: Model, catalogue: ModelCatalogue, emptyAsNull: Bool,
        ownerMap: [String: String], owner: String?
    ) throws(GQLPatchError) {
        guard let header = try file.next() else {
            throw .invalidInput("\(file.name) is empty: its first line must name the columns")
        }
        do {
            map = try CSVColumnMap(
                header: header.fields, line: header.line, renames: renames, model: model, catalogue: catalogue)
        } catch {
            throw .invalidInput(Self.describe(error.problems, unlisted: 0, file: file.name, model: model.name))
        }
        map.emptyAsNull = emptyAsNull
        let ownerColumns = map.columns.filter { model.ownerFields.contains($0.path[0]) }
        while let record = try file.next() {
            if record.isBlank, header.fields.count > 1 { continue }
            rows += 1
            guard record.fields.count == header.fields.count else {
                note(
                    CSVCellProblem(
                        line: record.line, column: min(record.fields.count, header.fields.count) + 1,
                        "the row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header \(header.fields.count)"
                    ))
                continue
            }
            if case .failure(let found) = map.line(record.fields, lines: record.lines) {
                for problem in found.problems { note(problem) }
            }
            // Mapped owners: a value with no mapping would keep the old owner, and is refused.
            if owner == nil, !ownerMap.isEmpty {
                for column in ownerColumns {
                    let value = record.fields[column.index]
                    guard !value.isEmpty, ownerMap[value] == nil else { continue }
                    note(
                        CSVCellProblem(
                            line: record.lines[column.index], column: column.index + 1,
                            "\(column.header): owner \(ValueTyper.quoted(value)) has no mapping"))
                }
            }
        }
    }

    private mutating func note(_ problem: CSVCellProblem) {
        if problems.count < Self.maximumListed { problems.append(problem) } else { unlisted += 1 }
    }

    /// The fields `replace` clears: those a record is written with that no column gives.
    package var clearedFields: [String] {
        let given = Set(map.columns.map { $0.path[0] })
        return ExportLine(model: map.model, catalogue: map.catalogue, includeTimestamps: false).fields
            .filter { !given.contains($0) }
    }

    /// Every problem, one `FILE:LINE:COLUMN: message` line each, under a first line that counts them.
    package static func describe(_ problems: [CSVCellProblem], unlisted: Int, file: String, model: String) -> String {
        let total = problems.count + unlisted
        var text = "\(file) does not fit \(model): \(total) problem\(total == 1 ? "" : "s"); nothing was sent"
        for problem in problems { text += "\n\(file):\(problem.line):\(problem.column): \(problem.message)" }
        if unlisted > 0 { text += "\n(and \(unlisted) more)" }
        return text
    }
}
