import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema

/// How one API's records of a model are read for `diff`: its model, list query and selection, the
/// sender of its requests, and its name in messages (`the source (from)`).
package struct DiffSide: Sendable {
    package var model: Model
    package var selection: SelectionSet
    package var query: ListQuery
    package var sender: RetryingSender
    package var described: String

    package init(model: Model, selection: SelectionSet, query: ListQuery, sender: RetryingSender, described: String) {
        self.model = model
        self.selection = selection
        self.query = query
        self.sender = sender
        self.described = described
    }
}
