/// One record read: its fields, and the line each field starts on (a quoted field may span lines).
public struct CSVRecord: Sendable, Equatable {
    public var fields: [String]
    /// The line of each field's first byte (1-based).
    public var lines: [Int]

    public init(fields: [String], lines: [Int]) {
        self.fields = fields
        self.lines = lines
    }

    /// The line the record starts on.
    public var line: Int { lines.first ?? 0 }

    /// A line with nothing on it (one empty, unquoted field).
    public var isBlank: Bool { fields == [""] }
}
