import GQLPatchSupport
import JSON

/// The last line of an export: `{"op":"end","lines":N,"records":{...},"updates":{...},"sha256":"..."}`.
/// `lines` counts the lines between the header and it; `sha256` is the digest of every line before
/// it, the header included, each with its newline (so a file whose line ends became CRLF still
/// checks); `records` and `updates` count each model's first-pass and second-pass lines, for people.
public struct ExportTrailer: Sendable, Equatable {
    public var lines: Int
    public var records: [(model: String, count: Int)]
    public var updates: [(model: String, count: Int)]
    /// Lower-case hex.
    public var sha256: String

    public init(
        lines: Int, records: [(model: String, count: Int)], updates: [(model: String, count: Int)], sha256: String
    ) {
        self.lines = lines
        self.records = records
        self.updates = updates
        self.sha256 = sha256
    }

    public static func == (lhs: ExportTrailer, rhs: ExportTrailer) -> Bool {
        lhs.lines == rhs.lines && lhs.sha256 == rhs.sha256 && lhs.records.elementsEqual(rhs.records, by: ==)
            && lhs.updates.elementsEqual(rhs.updates, by: ==)
    }

    /// The line as written, its newline included.
    public var line: [UInt8] {
        func counts(_ list: [(model: String, count: Int)]) -> JSONValue {
            .object(JSONObject(list.map { ($0.model, JSONValue.int($0.count)) }))
        }
        var members: [(String, JSONValue)] = [("op", "end"), ("lines", .int(lines)), ("records", counts(records))]
        if !updates.isEmpty { members.append(("updates", counts(updates))) }
        members.append(("sha256", .string(sha256)))
        return JSONPrinter.line(.object(JSONObject(members)))
    }

    /// Every trailer starts with these bytes: other lines are told from it without being parsed.
    static let prefix = Array(#"{"op":"end","#.utf8)

    /// Whether `line` is meant as a trailer (its start); `parse` then says whether it is a sound one.
    static func looksLikeOne(_ line: JSONLine) -> Bool { line.bytes.starts(with: prefix) }

    /// The trailer `line` holds, or nil when it is not a sound one.
    static func parse(_ line: JSONLine) -> ExportTrailer? {
        guard let object = try? line.parse().objectValue, let lines = object["lines"]?.intValue, lines >= 0,
            let sha256 = object["sha256"]?.stringValue
        else { return nil }
        func counts(_ value: JSONValue?) -> [(model: String, count: Int)] {
            var list: [(model: String, count: Int)] = []
            for (name, count) in value?.objectValue ?? JSONObject() {
                if let count = count.intValue { list.append((name, count)) }
            }
            return list
        }
        return ExportTrailer(
            lines: lines, records: counts(object["records"]), updates: counts(object["updates"]), sha256: sha256)
    }
}
