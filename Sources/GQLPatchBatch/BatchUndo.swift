import GQLPatchRecords
import GQLPatchSchema
import GQLPatchUndo
import JSON

/// One logged write for `undo` to put back, as the engine schedules and journals it: its log line is
/// its line, and writes to one record are undone one after another, newest first.
package struct BatchUndo: Sendable {
    package var entry: UndoLogEntry
    package var model: Model
    package var key: JSONObject
    /// `--resume`: the undo's write was being sent when the run stopped; settled by reading first.
    package var inDoubt: BatchJournal.Intent?

    package init(entry: UndoLogEntry, model: Model, key: JSONObject) {
        self.entry = entry
        self.model = model
        self.key = key
    }

    package var line: Int { entry.line }
    package var digest: String { entry.digest }
    package var identity: String { model.name + " " + JSONValue.object(key).serialized() }
    package var recordName: String { ModelLookup.describe(model: model, key: key) }
}
