import GQLPatchOperations
import JSON

/// A sequence run's plan before anything is written (`SequenceRun.prepare`): its `apply` lines, and
/// whether the run can undo them (`--atomic`), which a versioned model's key moves cannot.
package struct SequenceMovePlan: Sendable {
    package var sequence: SequenceDescription
    package var batch: SequenceBatch
    /// The moves' deletes can be undone: the plan runs all or nothing.
    package var undoable: Bool

    /// What a dry run shows, line by line: each move (`{"op": "move", "from", "to"}`) and the new row
    /// (`{"op": "create", "record"}`).
    package var planned: [JSONValue] {
        let report = SequenceReport(lines: batch.lines, field: batch.field)
        return batch.lines.indices.flatMap { report.planned(line: $0 + 1) }
    }
}
