import GQLPatchSchema
import GQLPatchSupport
import GQLPatchUndo

/// An undo plan's writes as a batch's source, newest first: each becomes the undo of one record,
/// numbered by its line in the log. A write of a model the schema lacks, or a create whose key never
/// came back, is refused as its own line.
package final class UndoSource: BatchSource {
    package let name: String
    private let entries: [UndoLogEntry]
    private let catalogue: ModelCatalogue
    private var index = 0

    package init(plan: UndoPlan, logPath: String, catalogue: ModelCatalogue) {
        name = logPath
        entries = plan.entries
        self.catalogue = catalogue
    }

    package func next() async throws(GQLPatchError) -> BatchEntry? {
        guard index < entries.count else { return nil }
        let entry = entries[index]
        index += 1
        guard let model = catalogue.models[entry.model] else {
            return .refused(
                BatchLineError(
                    line: entry.line, column: nil,
                    message: "the schema has no model \(entry.model), which this write was to; not undone"),
                digest: entry.digest)
        }
        guard let key = entry.recordKey(primaryKey: model.primaryKey) else {
            return .refused(
                BatchLineError(
                    line: entry.line, column: nil,
                    message:
                        "the create's answer was lost and the server made its key, so the record it may have created is not known; not undone"
                ),
                digest: entry.digest)
        }
        return .undo(BatchUndo(entry: entry, model: model, key: key))
    }
}
