import AWSSigning
import JSON

/// Reads a file's lines as they pass (`add`) and says at the end (`verdict`) whether it is an export
/// as written: a header first, an end line last, and between them the lines the end line counts
/// and digests. Memory stays a few hundred bytes whatever the file's length; a file without the
/// header is not hashed at all.
public struct ExportSealCheck: Sendable {
    /// What a line is to the file.
    public enum Role: Sendable, Equatable {
        /// The header or the end line: read here, never written anywhere.
        case seal
        /// An operation (or a blank line).
        case body
    }

    private var sawLine = false
    private var header: ExportHeader?
    private var unknownFormat: Int?
    private var damagedHeader = false
    private var hasher = SHA256()
    private var bodyLines = 0
    private var trailer: ExportTrailer?
    private var damagedEnd: Int?
    private var afterEnd: Int?

    /// Whether the lines are digested; without, the seal lines are only told from the others (a
    /// second read of a file whose first read was judged already).
    private let digests: Bool

    public init(digesting: Bool = true) { digests = digesting }

    private static let newline: [UInt8] = [UInt8(ascii: "\n")]

    /// Takes the next line of the file (in order, from its first).
    public mutating func add(_ line: JSONLine) -> Role {
        if !sawLine {
            sawLine = true
            let (found, format) = ExportHeader.parse(line)
            if let found {
                header = found
                if digests {
                    hasher.update(data: line.bytes)
                    hasher.update(data: Self.newline)
                }
                return .seal
            }
            if let format {
                unknownFormat = format
                return .seal
            }
            if ExportHeader.looksLikeOne(line) {
                damagedHeader = true
                return .seal
            }
            return .body
        }
        guard header != nil else { return .body }
        if trailer != nil || damagedEnd != nil {
            // Blank lines after the end (an editor's last newline) carry nothing.
            if afterEnd == nil, !line.isBlank { afterEnd = line.number }
            return .body
        }
        if ExportTrailer.looksLikeOne(line) {
            if let parsed = ExportTrailer.parse(line) { trailer = parsed } else { damagedEnd = line.number }
            return .seal
        }
        if digests {
            hasher.update(data: line.bytes)
            hasher.update(data: Self.newline)
        }
        bodyLines += 1
        return .body
    }

    /// What the lines read so far say, taken as the whole file.
    public var verdict: ExportSealVerdict {
        guard sawLine else { return .empty }
        if let unknownFormat { return .unknownFormat(unknownFormat) }
        if damagedHeader { return .changed(.damagedHeader) }
        guard header != nil else { return .unsealed }
        if let damagedEnd { return .changed(.damagedEnd(line: damagedEnd)) }
        guard let trailer else { return .cutShort(lines: bodyLines) }
        if let afterEnd { return .changed(.afterEnd(line: afterEnd)) }
        if trailer.lines != bodyLines { return .changed(.lineCount(expected: trailer.lines, found: bodyLines)) }
        if digests, trailer.sha256 != hasher.finalize().hexString { return .changed(.digest) }
        return .whole(trailer)
    }
}
