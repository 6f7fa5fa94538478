import GQLPatchSupport
import JSON

/// The first line of an export: `{"op":"export","format":2,"models":[...]}`. A file that starts with
/// it must end with its `ExportTrailer`, so a file cut short anywhere is told from a whole one; a
/// file without it is an export of an older gqlpatch (or written by hand) and cannot be checked.
public struct ExportHeader: Sendable, Equatable {
    /// The models the export holds, in the order written.
    public var models: [String]

    /// The format of the files this version writes.
    public static let format = 2

    public init(models: [String]) { self.models = models }

    /// The line as written, its newline included.
    public var line: [UInt8] {
        JSONPrinter.line(
            .object(
                JSONObject([
                    ("op", "export"), ("format", .int(Self.format)),
                    ("models", .array(models.map(JSONValue.string))),
                ])))
    }

    /// Every header starts with these bytes (`JSONPrinter` writes members in order, without spaces):
    /// other lines are told from it without being parsed.
    static let prefix = Array(#"{"op":"export","#.utf8)

    /// Whether `line` starts as a header does, or is the start of one cut short (`parse` then says
    /// whether it is a sound one).
    static func looksLikeOne(_ line: JSONLine) -> Bool {
        line.bytes.starts(with: prefix) || (!line.bytes.isEmpty && prefix.starts(with: line.bytes))
    }

    /// The header `line` is, or nil when it is none (any other line, a damaged one, or a header of
    /// another format: `format` then says which).
    public static func parse(_ line: JSONLine) -> (header: ExportHeader?, format: Int?) {
        guard looksLikeOne(line), let object = try? line.parse().objectValue else { return (nil, nil) }
        let format = object["format"]?.intValue
        guard format == Self.format, let models = object["models"]?.arrayValue?.compactMap(\.stringValue) else {
            return (nil, format)
        }
        return (ExportHeader(models: models), format)
    }
}
