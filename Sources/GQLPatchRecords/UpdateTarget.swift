import GQLPatchOperations
import GQLPatchSchema
import JSON

/// What to update, worked out before the first request: what `update` plans from its options, what
/// `edit`, `upsert` and `apply` build, and what `RecordService.update` is given.
package struct UpdateTarget: Sendable {
    package var model: Model
    package var changeSet: ChangeSet
    package var condition: JSONValue?
    /// The version the record must be at (asked for, or the one a whole-record patch holds).
    package var expectVersion: Int?
    /// The fields the mutation returns.
    package var selection: SelectionSet
    /// The fields of the fetch on the versioned path (and of `readsBefore`): the output selection
    /// plus every changed field.
    package var fetchSelection: SelectionSet
    package var versioned: Bool
    /// Write edits to an unversioned record without a guard (asked for: racy).
    package var unguarded = false
    /// Send only the changes that differ from the record as read (a whole-record patch).
    package var differencesOnly = false
    /// Write even with nothing to change: a key-only update (with the version read, when versioned)
    /// makes the resolver write the item again (`updatedAt`, a stream record, an `onUpdate` event)
    /// while every value stays as it is, a concurrent writer's included.
    package var touches = false
    /// What a stopped run may have sent for this change and may still land (`apply --resume`'s line
    /// in doubt: its journaled write): a record found holding it took that write, and a worked-out
    /// edit is not applied on top of it.
    package var inDoubt: JSONObject?

    package init(
        model: Model, changeSet: ChangeSet, condition: JSONValue? = nil, expectVersion: Int? = nil,
        selection: SelectionSet, fetchSelection: SelectionSet, versioned: Bool, unguarded: Bool = false,
        differencesOnly: Bool = false
    ) {
        self.model = model
        self.changeSet = changeSet
        self.condition = condition
        self.expectVersion = expectVersion
        self.selection = selection
        self.fetchSelection = fetchSelection
        self.versioned = versioned
        self.unguarded = unguarded
        self.differencesOnly = differencesOnly
    }

    /// The record, as messages name it (`Item id=i1`).
    package var name: String { ModelLookup.describe(model: model, key: changeSet.key) }
}
