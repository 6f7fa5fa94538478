import JSON

/// One record of a sequence as `SequenceReader` read it.
package struct SequenceRow: Sendable, Equatable {
    /// The record with the fields selected (the key fields, the number, and the version fields of a
    /// versioned model always among them).
    package var record: JSONObject
    /// Its primary key, in key order.
    package var key: JSONObject
    /// Its number (the sequence's order field).
    package var number: Int
    /// A versioned delete's tombstone (`_deleted: true`): not a live record, but its number (and, in
    /// the primary-key form, its key) is taken until the table's TTL removes it.
    package var isDeleted: Bool

    package init(record: JSONObject, key: JSONObject, number: Int, isDeleted: Bool) {
        self.record = record
        self.key = key
        self.number = number
        self.isDeleted = isDeleted
    }
}
