/// How a file that starts as an export differs from what the export wrote.
public enum ExportSealChange: Sendable, Equatable {
    /// The end line counts `expected` lines between it and the first line; `found` are there.
    case lineCount(expected: Int, found: Int)
    /// As many lines as the end line counts, but not the ones the export wrote.
    case digest
    /// Line `line` follows the end line.
    case afterEnd(line: Int)
    /// The end line (`line`) is not one an export writes (cut inside it, or edited).
    case damagedEnd(line: Int)
    /// The first line starts as an export's header and is not one (cut inside it, or edited).
    case damagedHeader
}
