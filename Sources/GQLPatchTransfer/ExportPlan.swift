import GQLPatchOperations
import GQLPatchSchema

/// What an export reads and writes, every check made before anything is read or written: the
/// models' order (parents first, cycles broken), each model's step, and the masks.
package struct ExportPlan: Sendable {
    package var order: ExportOrder
    package var steps: [ExportStep]
    package var masker: RecordMasker?

    package init(order: ExportOrder, steps: [ExportStep], masker: RecordMasker?) {
        self.order = order
        self.steps = steps
        self.masker = masker
    }
}
