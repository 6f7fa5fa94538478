import JSON

/// A write as the undo log records it before it is sent: enough to put the record back afterwards.
package struct LoggedWrite: Sendable {
    /// "create", "update", "touch" or "delete".
    package var write: String
    package var model: String
    /// Nil for a create whose key the server makes: the answer tells it.
    package var key: JSONObject?
    /// The record as read just before the write; nil for a create (there was none).
    package var before: JSONObject?
    /// The fields the write sets, by name (a create: every field it sends; a delete and a touch: none).
    package var fields: [String]
    /// The typed values the write sends for `fields` (nil when no value tells: a delete, a touch).
    package var sends: JSONObject?

    package init(
        write: String, model: String, key: JSONObject?, before: JSONObject?, fields: [String], sends: JSONObject?
    ) {
        self.write = write
        self.model = model
        self.key = key
        self.before = before
        self.fields = fields
        self.sends = sends
    }
}
