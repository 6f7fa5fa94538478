import GQLPatchOperations
import GQLPatchSchema

/// One model of an export: how to read it (its list query and selection) and how to write its
/// records (`ExportLine`).
package struct ExportStep: Sendable {
    package var model: Model
    package var query: ListQuery
    package var selection: SelectionSet
    package var line: ExportLine

    package init(model: Model, query: ListQuery, selection: SelectionSet, line: ExportLine) {
        self.model = model
        self.query = query
        self.selection = selection
        self.line = line
    }
}
