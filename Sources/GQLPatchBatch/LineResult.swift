import GQLPatchSupport
import JSON

/// What became of one input line: printed as one JSON output line, recorded in the journal when done.
package struct LineResult: Sendable {
    package var line: Int
    package var status: LineStatus
    package var key: JSONObject?
    /// The record as the mutation returned it (or as read, for `unchanged`).
    package var item: JSONObject?
    package var error: String?
    /// A `call` line: the operation called, and the value it answered with.
    package var operation: String?
    package var value: JSONValue?
    /// The exit code the failure would have as a single command (for the summary).
    package var code: ExitCode?
    /// With `--atomic`: how to undo the line's change.
    package var undo: UndoAction?
    /// The digest of the input line (see `BatchOperation.digest`).
    package var digest: String = ""
    /// `--resume`: the line's write was sent before the run stopped, and a read of its record showed
    /// it applied; it was not sent again.
    package var settled = false
    /// The line failed without reaching the server (refused, no such host, a TLS failure, after
    /// every try): the endpoint, not the line, is at fault.
    package var unreachable = false
    /// More members of the output line, after the key (`undo`'s model, write, run, and the record as
    /// left and as now).
    package var details: JSONObject?

    package init(
        line: Int, status: LineStatus, key: JSONObject? = nil, item: JSONObject? = nil, error: String? = nil,
        code: ExitCode? = nil, undo: UndoAction? = nil, digest: String = ""
    ) {
        self.line = line
        self.status = status
        self.key = key
        self.item = item
        self.error = error
        self.code = code
        self.undo = undo
        self.digest = digest
    }

    /// `{"line": N, "status": ..., "key": ..., "item": ..., "error": ...}`, a call's
    /// `{"line": N, "status": "called", "operation": ..., "result": ...}` (absent members left out).
    package func json() -> JSONValue {
        var object = JSONObject([("line", .int(line)), ("status", .string(status.rawValue))])
        if let key { object["key"] = .object(key) }
        for (name, value) in details ?? JSONObject() { object[name] = value }
        if let operation { object["operation"] = .string(operation) }
        if let item { object["item"] = .object(item) }
        if let value { object["result"] = value }
        if let error { object["error"] = .string(error) }
        return .object(object)
    }

    package static func failure(_ operation: BatchOperation, _ status: LineStatus, _ error: GQLPatchError) -> LineResult
    {
        var result = LineResult(
            line: operation.line, status: status, key: operation.key, error: error.message, code: error.code,
            digest: operation.digest)
        result.unreachable = error.code == .unavailable && !error.requestMayHaveArrived
        return result
    }
}
