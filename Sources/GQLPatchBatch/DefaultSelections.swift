import GQLPatchOperations
import GQLPatchSchema
import Synchronization

/// Each model's default selection, worked out once per run: every line of a batch asks for it, and
/// walking the model's fields and nested types for each one was a tenth of apply's work per record.
/// Shared by the batch's concurrent tasks, so a lock guards it.
package final class DefaultSelections: Sendable {
    private let builder: SelectionBuilder
    private let known = Mutex<[String: SelectionSet]>([:])

    package init(builder: SelectionBuilder) {
        self.builder = builder
    }

    package func selection(for model: Model) -> SelectionSet {
        if let selection = known.withLock({ $0[model.name] }) { return selection }
        let selection = builder.defaultSelection(for: model)
        known.withLock { $0[model.name] = selection }
        return selection
    }
}
