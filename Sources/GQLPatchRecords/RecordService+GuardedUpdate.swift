import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// Edits of an unversioned record (nested fields, lists, counters, merges): read the record, work
    /// out the new values, and write them with a guard (`WriteGuard`) that fails if the record changed
    /// since the read; on that failure read again and redo, up to `retryConflicts`, then exit 2 with
    /// nothing written. After a try whose answer was lost, a record that holds what that try sent is
    /// taken as written by it (so a counter is not counted twice). `unguarded` writes without the guard.
    func updateGuarded(_ target: UpdateTarget) async throws(GQLPatchError) -> UpdateOutcome {
        let model = target.model
        let guarding = WriteGuard(catalogue: catalogue, model: model)
        var target = target
        for name in guarding.readFields where !target.fetchSelection.contains(name) {
            target.fetchSelection.fields.append(SelectionSet.Field(name: name))
        }
        let comparer = comparer(target)
        // A stopped run's write may land between any two requests of this one (a killed process's
        // request still in flight): every read checks for it, the first included.
        var lostChanges: JSONObject? = target.inDoubt
        return try await retryingConflicts(target.name, wording: .guarded) {
            [target] (_) throws(GQLPatchError) -> ConflictTry<UpdateOutcome> in
            let read = try await self.read(model, key: target.changeSet.key, selection: target.fetchSelection)
            guard let record = read.record else { throw GQLPatchError(.notFound, "no \(target.name)") }
            if let lost = lostChanges, comparer.allApplied(record: record, changes: lost) {
                return .done(.updated(item: .object(record), response: nil, before: record))
            }
            let changeSet = try resolved(target, against: record)
            var attempted = target
            attempted.changeSet = changeSet
            if target.condition == nil, comparer.allApplied(record: record, changes: changeSet.changes) {
                return .done(.unchanged(record: record, read: read.response))
            }
            var terms: [JSONValue] = []
            if !target.unguarded {
                do throws(WriteGuard.Unavailable) {
                    terms = try guarding.terms(for: target.changeSet.edits, record: record)
                } catch {
                    throw GQLPatchError(
                        .invalidInput,
                        "\(target.name): \(error.reason); nothing was written (\(wording.name(.unguarded)) writes it anyway, racing other writers)"
                    )
                }
            }
            let condition = WriteGuard.combined(target.condition, terms)
            let request = try updateRequest(target, changeSet, version: nil, condition: condition)
            let sent = try await sendUpdate(request, target, changes: changeSet, before: record)
            if sent.ambiguous { lostChanges = changeSet.changes }
            let response = sent.response
            if conflictResolution == .auto, response.errors.contains(where: \.isConflict), switchesToVersions(model) {
                note("gqlpatch: note: the API checks versions for \(model.name); fetching _version and retrying")
                return .done(try await updateVersioned(versionedTarget(target)))
            }
            guard !terms.isEmpty, response.errors.contains(where: \.isConditionalCheckFailed) else {
                return .done(try await finishUpdate(attempted, sent: sent, before: record))
            }
            // The guard or the caller's own condition failed: tell them apart by reading again.
            let again = try await self.read(model, key: target.changeSet.key, selection: target.fetchSelection)
            guard let now = again.record else { throw GQLPatchError(.notFound, "no \(target.name)") }
            if let lost = lostChanges, comparer.allApplied(record: now, changes: lost) {
                return .done(.updated(item: .object(now), response: nil, before: record))
            }
            let unchanged = guarding.holds(terms, record: now, edits: target.changeSet.edits)
            if unchanged, target.condition != nil {
                try rejected(response)
                throw GQLPatchError(
                    .conflict,
                    "\(target.name): the \(wording.name(.condition)) condition is false (\(response.errors[0].summary)); nothing was written",
                    kind: .conditionFalse)
            }
            return .conflict(problem: "the record changed after it was read", response: response)
        }
    }
}
