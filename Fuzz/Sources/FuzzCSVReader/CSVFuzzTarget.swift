import CSV

/// Reads arbitrary bytes as CSV (first byte even) or TSV (odd), under small limits, whole and in two
/// chunks split where the second byte says: both readings must agree, refusals included, and whatever
/// reads must write and read back to the same fields.
enum CSVFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let dialect: CSVDialect = bytes[0] % 2 == 0 ? .csv : .tsv
        let input = Array(bytes.dropFirst(2))
        let limits = CSVLimits(fieldBytes: 64, recordBytes: 256, fields: 16)
        let whole = read([input[...]], dialect, limits)
        let cut = Int(bytes[1]) % (input.count + 1)
        let split = read([input[..<cut], input[cut...]], dialect, limits)
        precondition(whole == split, "a split reading differs: \(whole) vs \(split)")
        guard case .success(let records) = whole else { return }
        var written: [UInt8] = []
        for (index, record) in records.enumerated() {
            guard let line = try? CSVWriter.record(record, dialect: dialect, first: index == 0) else {
                precondition(dialect == .tsv, "CSV refused to write a record it read")
                return
            }
            written += line
        }
        let again = read([written[...]], dialect, CSVLimits(fieldBytes: 1 << 20, recordBytes: 1 << 22, fields: 1024))
        precondition(again == .success(records), "a written record read back differently")
    }

    static func read(_ chunks: [ArraySlice<UInt8>], _ dialect: CSVDialect, _ limits: CSVLimits)
        -> Result<[[String]], CSVProblem>
    {
        var reader = CSVReader(dialect: dialect, limits: limits)
        var records: [CSVRecord] = []
        do {
            for chunk in chunks { records += try reader.feed(chunk) }
            records += try reader.finish()
            for record in records {
                precondition(record.fields.count == record.lines.count && record.lines.allSatisfy { $0 >= 1 })
            }
            return .success(records.map(\.fields))
        } catch {
            precondition(error.line >= 1 && error.column >= 1, "bad problem position")
            return .failure(error)
        }
    }
}
