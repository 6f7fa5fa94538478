/// A field TSV cannot carry (a tab, a carriage return or a line feed in it): its position in the
/// record, 0-based.
public struct CSVUnwritable: Error, Sendable, Equatable {
    public var field: Int

    public init(field: Int) {
        self.field = field
    }
}
