/// `--output record|envelope|csv|tsv|table`: what stdout carries on success.
public enum OutputMode: String, Sendable, CaseIterable {
    /// The record the mutation or query returned.
    case record
    /// The whole GraphQL response (`{"data": ..., "errors": ...}`), also printed on GraphQL failures.
    case envelope
    /// Records as CSV rows under a header (the commands that print records of one model).
    case csv
    /// Records as TSV rows under a header.
    case tsv
    /// Records as an aligned table, for a terminal (TSV where stdout is not one).
    case table

    /// Whether records are printed as rows.
    public var isTabular: Bool { self == .csv || self == .tsv || self == .table }
}
