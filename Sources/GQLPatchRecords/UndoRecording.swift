import GQLPatchSupport
import JSON

/// Where the record rules tell each write, so that it can be undone later (`--undo-log`): once
/// before it is sent (a failure stops the write) and once when its answer is known. A write whose
/// answer never came (a lost connection, a killed process) has the first only: undo settles it by
/// reading the record. Each returns once its line is durable; the wait suspends the task, never
/// blocking the thread it runs on (a batch's transfers share one).
package protocol UndoRecording: Sendable {
    /// Records `write` durably before it is sent; returns the entry's number for the answer.
    func sending(_ write: LoggedWrite) async throws(GQLPatchError) -> Int
    /// The write landed: `after` is the record as the server answered (with its `_version`).
    func landed(_ entry: Int, after: JSONObject) async throws(GQLPatchError)
    /// The server refused the write: nothing was written (a failed condition, a version conflict,
    /// a refusal of authorization), so there is nothing to undo.
    func refused(_ entry: Int) async throws(GQLPatchError)
}
