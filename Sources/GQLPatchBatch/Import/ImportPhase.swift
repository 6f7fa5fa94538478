/// The barrier labels of an import's lines (`BatchRunPlan.phase`): each model's lines run side by
/// side, a model's start after the model before it in the file finished (export writes parents
/// first), and the second pass (its `update` lines, at the end) after every first-pass line.
package enum ImportPhase {
    package static func label(of operation: BatchOperation) -> String {
        operation.kind == .update ? "\u{0}second pass" : operation.model.name
    }
}
