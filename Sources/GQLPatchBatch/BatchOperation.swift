import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import JSON

/// One checked line of `apply` input: what to do to which record, with every value typed by the schema.
package struct BatchOperation: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case update, create, delete, upsert
        /// A key-only update: the record written again, every value kept (`updatedAt` and the
        /// version move; subscribers and streams see it).
        case touch
    }

    /// 1-based line number in the input.
    package var line: Int
    package var kind: Kind
    package var model: Model
    /// The typed primary key, in key order (for a create without a key: the id made from the line).
    package var key: JSONObject
    /// update: the typed changes (null = unset); create: the typed fields besides the key; delete and
    /// touch: empty.
    package var changes: JSONObject
    /// update and upsert: the changes worked out from the record as read (`"merge"`, `"append"`,
    /// `"prepend"`, `"remove"`, `"add"`, `"incr"`); none of their fields is in `changes`.
    package var edits: [FieldEdit] = []
    /// upsert: the create input's fields besides the key (the changes, edits worked out from no record).
    package var createFields = JSONObject()
    /// The mutation's `condition` from `"if"`.
    package var condition: JSONValue?
    package var expectVersion: Int?
    /// Whether the model's writes carry `_version` (from the run's `ConflictResolution` and the schema).
    package var versioned: Bool
    /// SHA-256 (hex, first 15 digits: a small string) of the line's bytes: a resumed run checks the input is the same.
    package var digest: String
    /// False for a create whose line gave no "key" (`key` is the id made from the line): the server
    /// may answer with an id of its own.
    package var keyGiven = true
    /// A `"next"` create: the sequence it joins (`key` is then its parent, and the record's key is
    /// known once created) and the number of an empty parent's first record.
    package var sequence: SequenceDescription?
    package var start = 1
    /// The condition is the selection that picked the record (a bulk write): a false condition
    /// or a record gone is `no-longer-matches`, not a failure.
    package var selected = false
    /// `--resume`: the write the journal recorded as being sent for this line, which may have been
    /// applied before the run stopped. The line is settled by reading its record first.
    package var inDoubt: BatchJournal.Intent?

    /// Operations of one group run one after another in input order (a cascade's deletes under one
    /// record: its children before it); nil: the record's own identity.
    package var group: String?

    /// The record this line touches: lines with the same identity are applied in input order.
    package var identity: String {
        group ?? model.name + " " + JSONValue.object(key).serialized()
    }

    /// `Item id=42`, for messages.
    package var recordName: String { ModelLookup.describe(model: model, key: key) }
}
