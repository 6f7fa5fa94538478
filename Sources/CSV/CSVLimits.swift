/// The bounds a reader holds input to: larger is refused with its line, never buffered without end.
public struct CSVLimits: Sendable, Equatable {
    /// The largest field, in bytes.
    public var fieldBytes: Int
    /// The largest record (every field and separator of one row, its line breaks included), in bytes.
    public var recordBytes: Int
    /// The most fields in a record.
    public var fields: Int

    public init(fieldBytes: Int = 1 << 20, recordBytes: Int = 4 << 20, fields: Int = 1024) {
        self.fieldBytes = fieldBytes
        self.recordBytes = recordBytes
        self.fields = fields
    }
}
