import GQLPatchOperations
import GQLPatchSupport
import JSON

extension CascadeDelete {
    /// Where a cascade's deletes stopped: the place in the order of the delete that failed, and why.
    package struct Stopped: Error, Sendable {
        package var index: Int
        package var error: GQLPatchError
    }

    /// Deletes the planned `order` one record at a time, children before their parent, the root
    /// last under its `condition` and `expectVersion`, handing each deleted record to `deleted` (a
    /// failure there stops the cascade too: the delete went through, its report did not). Returns
    /// how many deletes were soft (versioned records stay with `_deleted: true`).
    package func run(
        _ order: [Target], condition: JSONValue?, expectVersion: Int?,
        deleted: (Target, RecordService.DeleteOutcome) throws(GQLPatchError) -> Void
    ) async throws(Stopped) -> Int {
        let selections = SelectionBuilder(catalogue: records.catalogue, wording: records.wording)
        var softDeletes = 0
        for (index, target) in order.enumerated() {
            let isRoot = index == order.count - 1
            do throws(GQLPatchError) {
                let outcome = try await records.delete(
                    RecordService.DeleteTarget(
                        model: target.model, key: target.key, condition: isRoot ? condition : nil,
                        expectVersion: isRoot ? expectVersion : nil,
                        selection: selections.defaultSelection(for: target.model),
                        versioned: records.isVersioned(target.model)))
                if outcome.version != nil { softDeletes += 1 }
                try deleted(target, outcome)
            } catch {
                throw Stopped(index: index, error: error)
            }
        }
        return softDeletes
    }
}
