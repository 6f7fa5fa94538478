import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// The versioned update: fetch the record and its version, refuse a missing or soft-deleted
    /// record and a wrong expected version, do nothing when the record already holds the values, send
    /// the change with the version, and refetch and retry after a version conflict or a merge that
    /// kept the server's values (an answer at the `_version` after the one sent merged nothing).
    func updateVersioned(_ target: UpdateTarget) async throws(GQLPatchError) -> UpdateOutcome {
        let scheme = VersionScheme.of(target.model)
        var target = target
        target.fetchSelection = scheme.fetchSelection(target.fetchSelection)
        let versionName = scheme.recordField
        let comparer = comparer(target)
        var lostWrite: Int?  // the version a try sent whose answer was lost
        var lostChanges = target.changeSet.changes  // what that try sent
        var before: JSONObject?
        return try await retryingConflicts(target.name) {
            [target] (_) throws(GQLPatchError) -> ConflictTry<UpdateOutcome> in
            let read = try await self.read(target.model, key: target.changeSet.key, selection: target.fetchSelection)
            guard let record = read.record else {
                throw GQLPatchError(.notFound, "no \(target.name)")
            }
            if !scheme.isFieldVersioning, record["_deleted"] == .bool(true) {
                throw GQLPatchError(.notFound, "\(target.name) is deleted (_deleted: true)", kind: .softDeleted)
            }
            guard case .int(let version) = record[versionName] ?? .null else {
                throw GQLPatchError(
                    .badResponse,
                    "the server's \(target.name) has no integer \(versionName) although the model is versioned")
            }
            if let sent = lostWrite, version > sent,
                comparer.allApplied(record: record, changes: lostChanges)
            {
                return .done(.updated(item: .object(record), response: nil, before: before))
            }
            // A stopped run's write, still in flight when this run began, may have landed since.
            if let doubt = target.inDoubt, comparer.allApplied(record: record, changes: doubt) {
                return .done(.updated(item: .object(record), response: nil, before: before))
            }
            before = record
            if let expected = target.expectVersion, expected != version {
                throw GQLPatchError(
                    .conflict,
                    "\(target.name) is at \(versionName) \(version), not \(expected) (\(wording.name(.expectVersion))); nothing was written"
                )
            }
            // Edits (nested fields, lists, counters) are worked out from this read, again on each try.
            let changeSet = try resolved(target, against: record)
            var attempted = target
            attempted.changeSet = changeSet
            if target.condition == nil, !target.touches, comparer.allApplied(record: record, changes: changeSet.changes)
            {
                return .done(.unchanged(record: record, read: read.response))
            }
            let request = try updateRequest(target, changeSet, version: version, condition: target.condition)
            let sent = try await sendUpdate(request, target, changes: changeSet, before: record)
            let response = sent.response
            if sent.ambiguous { (lostWrite, lostChanges) = (version, changeSet.changes) }
            if scheme.isFieldVersioning, response.errors.contains(where: \.isConditionalCheckFailed) {
                // A stale version, a missing record and a false condition all fail the write's condition.
                guard
                    let moved = try await movedVersion(
                        target.model, key: target.changeSet.key, scheme: scheme, sent: version, response: response,
                        describe: target.name)
                else { return .done(try await finishUpdate(attempted, sent: sent, before: before)) }
                if target.expectVersion != nil, !sent.ambiguous {
                    try rejected(response)
                    throw GQLPatchError(
                        .conflict,
                        "\(target.name) changed after \(versionName) \(version) was read (now \(moved)); nothing was written"
                    )
                }
                return .conflict(
                    problem: "version conflict (\(versionName) \(version) was read, the record is at \(moved) now)",
                    response: response)
            }
            if let conflict = response.errors.first(where: \.isConflict) {
                if target.expectVersion != nil, !sent.ambiguous {
                    try rejected(response)
                    throw GQLPatchError(
                        .conflict, "\(target.name) changed after _version \(version) was read: \(conflict.summary)")
                }
                return .conflict(problem: "version conflict (\(conflict.summary))", response: response)
            }
            // The `_version` after the one sent means the write went onto that version: nothing merged.
            // (v1 `@versioned` never merges.)
            if !scheme.isFieldVersioning, response.errors.isEmpty,
                let item = response.field(target.model.operations.update ?? ""),
                let object = item.objectValue,
                object["_version"] != .int(version + 1)
            {
                let kept = comparer.unchangedFields(
                    record: object, changes: changeSet.changes, selection: target.selection)
                if !kept.isEmpty {
                    // AUTOMERGE answered success but kept the server's values for these fields.
                    return .conflict(
                        problem:
                            "the server kept its own values for \(kept.joined(separator: ", ")) (merged with a concurrent change)",
                        response: response)
                }
            }
            return .done(try await finishUpdate(attempted, sent: sent, before: before))
        }
    }
}
