import JSON
import Synchronization

/// `undo --dry-run`'s records as the undos judged so far would leave them, by the record's identity:
/// an older write of the same record is judged against the record as it was before the newer one
/// (that write's record before), not against the server's, which the dry run never changes.
package final class UndoSimulation: Sendable {
    /// nil inside: the record would be absent.
    private let records = Mutex<[String: JSONObject?]>([:])

    package init() {}

    /// The record as the undos judged before would leave it; nil when none of them touched it.
    package func record(_ identity: String) -> JSONObject?? {
        records.withLock { $0[identity] }
    }

    package func leave(_ identity: String, as record: JSONObject?) {
        records.withLock { $0[identity] = .some(record) }
    }
}
