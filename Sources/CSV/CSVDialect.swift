/// The two tabular text forms: CSV as RFC 4180 gives it (a comma between fields, a field with a
/// comma, a quote or a line break in double quotes, its quotes doubled; records end with CRLF),
/// and TSV as IANA's text/tab-separated-values gives it (a tab between fields, no quoting: a value
/// with a tab or a line break cannot be written; records end with LF).
public enum CSVDialect: String, Sendable, CaseIterable {
    case csv
    case tsv

    /// The byte between fields.
    public var separator: UInt8 { self == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t") }

    /// What ends a record written in this form.
    public var recordEnd: [UInt8] { self == .csv ? [0x0D, 0x0A] : [0x0A] }
}
