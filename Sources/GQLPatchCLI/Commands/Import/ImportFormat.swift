/// What `import` reads: an export's JSON Lines, or a spreadsheet's rows as CSV or TSV (one model's).
public enum ImportFormat: String, Sendable, CaseIterable {
    case jsonl
    case csv
    case tsv

    /// The form a file's name says (`.csv`, `.tsv`, `.tab`), else an export's.
    static func told(by path: String) -> ImportFormat {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { return .tsv }
        return .jsonl
    }
}
