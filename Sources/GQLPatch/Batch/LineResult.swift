import JSON

/// What became of one input line: printed as one JSON output line, recorded in the journal when done.
struct LineResult: Sendable {
    var line: Int
    var status: LineStatus
    var key: JSONObject?
    /// The record as the mutation returned it (or as read, for `unchanged`).
    var item: JSONObject?
    var error: String?
    /// The exit code the failure would have as a single command (for the summary).
    var code: ExitCode?
    /// With `--atomic`: how to undo the line's change.
    var undo: UndoAction?
    /// The digest of the input line (see `BatchOperation.digest`).
    var digest: String = ""

    /// `{"line": N, "status": ..., "key": ..., "item": ..., "error": ...}` (absent members left out).
    func json() -> JSONValue {
        var object = JSONObject([("line", .int(line)), ("status", .string(status.rawValue))])
        if let key { object["key"] = .object(key) }
        if let item { object["item"] = .object(item) }
        if let error { object["error"] = .string(error) }
        return .object(object)
    }

    static func failure(_ operation: BatchOperation, _ status: LineStatus, _ error: GQLPatchError) -> LineResult {
        LineResult(line: operation.line, status: status, key: operation.key, error: error.message, code: error.code, digest: operation.digest)
    }
}
