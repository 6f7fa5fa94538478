import CSV
import GQLPatchOperations
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// Prints records as rows (`--output csv|tsv|table`): the header once, then a row per record, each
/// written as it comes (CSV and TSV) or, for a table, the first rows held until `tableSample` are
/// there to size the columns (a cell cut to `maximumWidth` characters with `…`), then every row as
/// it comes at those widths. A table goes to a terminal only: anywhere else the rows are TSV, said
/// once on stderr. `finish` prints what is held.
final class RowPrinter: @unchecked Sendable {
    // @unchecked: one command's printer, used from its printing closure under the command's lock.
    /// The columns; nil until the first record tells them (`query`'s items).
    private(set) var columns: RecordColumns?
    private let console: Console
    private let dialect: CSVDialect?
    private var headerPrinted = false
    private var held: [[String]] = []
    private var widths: [Int]? = nil

    /// The widest a table's column gets, in characters.
    static let maximumWidth = 40
    /// How many rows size a table's columns.
    static let tableSample = 100

    /// `columns` nil: the first record's own (see `RecordColumns(record:)`).
    init(mode: OutputMode, columns: RecordColumns?, console: Console) {
        self.columns = columns
        self.console = console
        switch mode {
        case .csv: dialect = .csv
        case .table where console.stdoutIsTerminal: dialect = nil
        default:
            if mode == .table {
                console.message("gqlpatch: note: --output table prints TSV where standard output is not a terminal")
            }
            dialect = .tsv
        }
    }

    func print(_ record: JSONObject) throws(GQLPatchError) {
        let columns = self.columns ?? RecordColumns(record: record)
        self.columns = columns
        try row(columns.cells(of: record))
    }

    private var names: [String] { columns?.names ?? [] }

    /// Prints the rows held for sizing a table (and a header when no record came).
    func finish() throws(GQLPatchError) {
        // No record told the columns: nothing to print.
        guard columns != nil else { return }
        if dialect == nil {
            if widths == nil { try layOutAndPrint() }
        } else if !headerPrinted {
            try write(names)
        }
    }

    private func row(_ cells: [String]) throws(GQLPatchError) {
        guard dialect != nil else {
            if widths == nil {
                held.append(cells)
                if held.count >= Self.tableSample { try layOutAndPrint() }
                return
            }
            try console.write(Array(tableLine(cells).utf8))
            return
        }
        if !headerPrinted {
            try write(names)
        }
        try write(cells)
    }

    private func write(_ cells: [String]) throws(GQLPatchError) {
        // The header starts the output (where a reader skips a byte-order mark).
        let first = !headerPrinted
        headerPrinted = true
        guard let dialect else { return }
        let bytes: [UInt8]
        do {
            bytes = try CSVWriter.record(cells, dialect: dialect, first: first)
        } catch {
            throw .invalidInput(
                "column \(names[error.field]) holds a tab or a line break, which TSV cannot carry; use --output csv"
            )
        }
        try console.write(bytes)
    }

    private func layOut() {
        var widths = names.map(\.count)
        for cells in held {
            for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], Self.shown(cell).count) }
        }
        self.widths = widths.map { min($0, Self.maximumWidth) }
    }

    private func layOutAndPrint() throws(GQLPatchError) {
        layOut()
        try console.write(Array(tableLine(names).utf8))
        for cells in held { try console.write(Array(tableLine(cells).utf8)) }
        held = []
    }

    /// A table's cell: one line (line breaks and tabs as spaces).
    private static func shown(_ cell: String) -> String {
        String(cell.map { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
    }

    private func tableLine(_ cells: [String]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = widths?[index] ?? 0
            var text = Self.shown(cell)
            if text.count > width { text = String(text.prefix(max(width - 1, 0))) + "…" }
            line += index == cells.count - 1 ? text : text + String(repeating: " ", count: width - text.count + 2)
        }
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }
}
