import JSON

/// One logged write, its two lines joined: what was written to which record, the record before,
/// and how the write came out.
package struct UndoLogEntry: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        /// The write landed; `after` is the record as the server answered (nil when the answer was
        /// not kept: it held a credential).
        case landed(after: JSONObject?)
        /// The server refused it: nothing was written.
        case refused
        /// No answer was recorded (the answer was lost, or the run was killed): the write may or may
        /// not have landed.
        case inDoubt
    }

    /// The log line of the write (its first line), for messages and the journal.
    package var line: Int
    package var run: String
    /// The entry's number within its run.
    package var entry: Int
    /// The API the run wrote to.
    package var endpoint: String
    /// "create", "update", "touch" or "delete".
    package var write: String
    package var model: String
    /// Nil for a create whose key the server made and whose answer was lost.
    package var key: JSONObject?
    /// The record as read before the write; nil for a create.
    package var before: JSONObject?
    /// The fields the write set.
    package var fields: [String]
    /// The values it sent for them (nil for a delete or a touch).
    package var sends: JSONObject?
    package var outcome: Outcome
    /// The SHA-256 of the first line's bytes, for the undo run's journal.
    package var digest: String

    /// The record's key, from the write or, for a create whose key the server made, from its answer.
    package func recordKey(primaryKey: [String]) -> JSONObject? {
        if let key { return key }
        guard case .landed(let after?) = outcome else { return nil }
        var key = JSONObject()
        for name in primaryKey {
            guard let value = after[name], !value.isNull else { return nil }
            key[name] = value
        }
        return key
    }
}
