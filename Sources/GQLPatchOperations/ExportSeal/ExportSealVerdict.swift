/// What a file's first and last lines say of it once it has been read to its end (`ExportSealCheck`).
public enum ExportSealVerdict: Sendable, Equatable {
    /// An export, whole: its end line holds for every line before it.
    case whole(ExportTrailer)
    /// No export header: an export of an older gqlpatch, or lines written otherwise (nothing to check).
    case unsealed
    /// Nothing at all.
    case empty
    /// An export header of a format this version does not read (a newer gqlpatch wrote it).
    case unknownFormat(Int)
    /// An export header and no end line: cut short, `lines` lines after the header.
    case cutShort(lines: Int)
    /// An end line that does not hold.
    case changed(ExportSealChange)

    /// Whether the file may be read as complete: whole, or nothing to check.
    public var holds: Bool {
        switch self {
        case .whole, .unsealed: return true
        case .empty, .unknownFormat, .cutShort, .changed: return false
        }
    }
}
