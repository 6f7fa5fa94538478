/// A position in a source buffer: 1-based line and column (columns count UTF-8 bytes),
/// and the 0-based UTF-8 byte offset.
public struct SourceLocation: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}
