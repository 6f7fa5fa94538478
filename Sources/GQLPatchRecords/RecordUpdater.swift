import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The single-record update rules that `update` and `apply` share. Unversioned: send the change;
/// under `ConflictResolution.auto`, a version conflict switches to the versioned path (unless the
/// compiled schema's update input has no `_version` to send). An answer with other values than were
/// sent is the server's answer, never taken for AUTOMERGE (a server may store another spelling):
/// it is noted. Versioned: fetch the record and its `_version`, refuse a missing or soft-deleted
/// record and a wrong expected version, do nothing when the record already holds the values, send
/// the change with `_version`, and refetch and retry after a version conflict or a merge that kept
/// the server's values (an answer at the `_version` after the one sent merged nothing). Values
/// compare by the field's type (`ResponseComparer`). A failed condition is told apart from a missing
/// record by reading the key.
///
/// `apply` sends through a retrying sender: when a try's answer was lost (`RecordService.Sent.ambiguous`), a conflict
/// or failed condition that follows may be that try's own doing, so the record is read and, when it
/// already holds the change, the update counts as done once (`Outcome.updated` with no response).
package struct RecordUpdater: Sendable {
    /// What to update.
    package struct Target: Sendable {
        package var model: Model
        package var changeSet: ChangeSet
        package var condition: JSONValue?
        package var expectVersion: Int?
        /// The fields the mutation returns.
        package var selection: SelectionSet
        /// The fields of the fetch on the versioned path (and of `readsBefore`).
        package var fetchSelection: SelectionSet
        package var versioned: Bool
        /// Write edits to an unversioned record without a guard (asked for: racy).
        package var unguarded = false
        /// Send only the changes that differ from the record as read (a whole-record patch).
        package var differencesOnly = false

        package init(
            model: Model, changeSet: ChangeSet, condition: JSONValue? = nil, expectVersion: Int? = nil,
            selection: SelectionSet, fetchSelection: SelectionSet, versioned: Bool, unguarded: Bool = false,
            differencesOnly: Bool = false
        ) {
            self.unguarded = unguarded
            self.differencesOnly = differencesOnly
            self.model = model
            self.changeSet = changeSet
            self.condition = condition
            self.expectVersion = expectVersion
            self.selection = selection
            self.fetchSelection = fetchSelection
            self.versioned = versioned
        }
    }

    package enum Outcome: Sendable {
        /// Written. `response` is the mutation's whole answer (nil when a lost try turned out to have
        /// written it and `item` is the record as read); `before` is the record as read before the
        /// write, when it was read.
        case updated(item: JSONValue, response: GraphQLResponse?, before: JSONObject?)
        /// Nothing to change: the record already holds the values; `read` is the read's whole answer.
        case unchanged(record: JSONObject, read: GraphQLResponse)
    }

    /// The reads, sends, notes and wording.
    package var service: RecordService
    /// Read the record before an unversioned update too (`apply --atomic` needs the previous values).
    package var readsBefore = false

    package init(service: RecordService, readsBefore: Bool = false) {
        self.service = service
        self.readsBefore = readsBefore
    }

    var catalogue: ModelCatalogue { service.catalogue }
    var retryConflicts: Int { service.retryConflicts }
    var conflictResolution: ConflictResolution { service.conflictResolution }
    var wording: any InputWording { service.wording }
    var note: @Sendable (String) -> Void { service.note }

    func fetch(_ model: Model, _ key: JSONObject, _ selection: SelectionSet) async throws(GQLPatchError)
        -> JSONObject?
    {
        try await service.fetch(model, key: key, selection: selection)
    }

    func send(_ request: GraphQLRequestBody, _ target: Target) async throws(GQLPatchError) -> RecordService.Sent {
        try await service.sendWrite(request, write: "update", model: target.model, key: target.changeSet.key)
    }

    func rejected(_ response: GraphQLResponse) throws(GQLPatchError) {
        try service.rejected(response)
    }

    package func run(_ target: Target) async throws(GQLPatchError) -> Outcome {
        try VersionScheme.checkWritable(target.model)
        if target.versioned { return try await runVersioned(target) }
        // A change worked out from the record needs a read and a guard on an unversioned model too.
        let readsFirst = !target.changeSet.edits.isEmpty || target.differencesOnly
        return readsFirst ? try await runGuarded(target) : try await runUnversioned(target)
    }

    // MARK: - Paths

    /// `changes` without the fields `record` already holds, for a whole-record patch (every change otherwise).
    func differences(_ changes: ChangeSet, _ record: JSONObject, _ target: Target) -> ChangeSet {
        guard target.differencesOnly else { return changes }
        let differing = Set(comparer(target).unchangedFields(record: record, changes: changes.changes))
        var kept = changes
        kept.changes = JSONObject(changes.changes.filter { differing.contains($0.key) }.map { ($0.key, $0.value) })
        return kept
    }

    func editor(_ target: Target) -> FieldEditor { FieldEditor(catalogue: catalogue, model: target.model) }

    func describe(_ target: Target) -> String {
        ModelLookup.describe(model: target.model, key: target.changeSet.key)
    }

    func comparer(_ target: Target) -> ResponseComparer {
        ResponseComparer(catalogue: catalogue, model: target.model)
    }

    func canSendVersion(_ model: Model) -> Bool {
        service.canSendVersion(inputName: model.operations.updateInput)
    }

    func versionedTarget(_ target: Target) -> Target {
        var versioned = target
        versioned.versioned = true
        versioned.fetchSelection = RecordService.withSyncFields(target.fetchSelection)
        return versioned
    }

    private func runUnversioned(_ target: Target) async throws(GQLPatchError) -> Outcome {
        let model = target.model
        var before: JSONObject?
        if readsBefore {
            let read = try await service.read(model, key: target.changeSet.key, selection: target.fetchSelection)
            guard let record = read.record else {
                throw GQLPatchError(.notFound, "no \(describe(target))")
            }
            if target.condition == nil, comparer(target).allApplied(record: record, changes: target.changeSet.changes) {
                return .unchanged(record: record, read: read.response)
            }
            before = record
        }
        let request = try DocumentBuilder().updateMutation(
            model: model, selection: target.selection, input: target.changeSet.input(version: nil),
            condition: target.condition)
        let sent = try await send(request, target)
        try ResponseKeyCheck.check(
            sent.response, model: model, key: target.changeSet.key, field: model.operations.update)
        let response = sent.response
        // The schema did not say, but the API checks versions: switch to the versioned path, unless
        // the compiled schema's update input has no `_version` (gqlpatch never sends a field the
        // input type lacks).
        if conflictResolution == .auto, let conflict = response.errors.first(where: \.isConflict),
            model.operations.get != nil,
            canSendVersion(model)
        {
            note(
                "gqlpatch: note: the API checks versions for \(model.name) (\(conflict.summary)); fetching _version and retrying"
            )
            return try await runVersioned(versionedTarget(target))
        }
        if response.errors.isEmpty, let object = response.field(model.operations.update ?? "")?.objectValue {
            let differing = comparer(target).unchangedFields(
                record: object, changes: target.changeSet.changes, selection: target.selection)
            if !differing.isEmpty {
                note(
                    "gqlpatch: note: \(describe(target)): the server answered other values than were sent for \(differing.joined(separator: ", ")) (kept as answered; for an API that merges versions, use \(wording.name(.conflictResolution)) \(ConflictResolution.on.rawValue))"
                )
            }
        }
        return try await finish(target, sent: sent, before: before)
    }

    func runVersioned(_ target: Target) async throws(GQLPatchError) -> Outcome {
        let scheme = VersionScheme.of(target.model)
        var target = target
        target.fetchSelection = scheme.fetchSelection(target.fetchSelection)
        let versionName = scheme.recordField
        let comparer = comparer(target)
        var lastProblem = ""
        var lostWrite: Int?  // the version a try sent whose answer was lost
        var lostChanges = target.changeSet.changes  // what that try sent
        var before: JSONObject?
        for attempt in 0...retryConflicts {
            let read = try await service.read(target.model, key: target.changeSet.key, selection: target.fetchSelection)
            guard let record = read.record else {
                throw GQLPatchError(.notFound, "no \(describe(target))")
            }
            if !scheme.isFieldVersioning, record["_deleted"] == .bool(true) {
                throw GQLPatchError(.notFound, "\(describe(target)) is deleted (_deleted: true)")
            }
            guard case .int(let version) = record[versionName] ?? .null else {
                throw GQLPatchError(
                    .badResponse,
                    "the server's \(describe(target)) has no integer \(versionName) although the model is versioned")
            }
            if let sent = lostWrite, version > sent,
                comparer.allApplied(record: record, changes: lostChanges)
            {
                return .updated(item: .object(record), response: nil, before: before)
            }
            before = record
            if let expected = target.expectVersion, expected != version {
                throw GQLPatchError(
                    .conflict,
                    "\(describe(target)) is at \(versionName) \(version), not \(expected) (\(wording.name(.expectVersion))); nothing was written"
                )
            }
            // Edits (nested fields, lists, counters) are worked out from this read, again on each try.
            let changeSet = try differences(
                target.changeSet.resolved(against: record, editor: editor(target)), record, target)
            var attempted = target
            attempted.changeSet = changeSet
            if target.condition == nil, comparer.allApplied(record: record, changes: changeSet.changes) {
                return .unchanged(record: record, read: read.response)
            }
            let request = try DocumentBuilder().updateMutation(
                model: target.model, selection: target.selection,
                input: changeSet.input(version: version, versionField: scheme.inputField),
                condition: target.condition)
            let sent = try await send(request, target)
            try ResponseKeyCheck.check(
                sent.response, model: target.model, key: target.changeSet.key, field: target.model.operations.update)
            let response = sent.response
            if sent.ambiguous { (lostWrite, lostChanges) = (version, changeSet.changes) }
            if scheme.isFieldVersioning, response.errors.contains(where: \.isConditionalCheckFailed) {
                // A stale version, a missing record and a false condition all fail the write's condition.
                guard
                    let moved = try await service.movedVersion(
                        target.model, key: target.changeSet.key, scheme: scheme, sent: version, response: response,
                        describe: describe(target))
                else { return try await finish(attempted, sent: sent, before: before) }
                if target.expectVersion != nil, !sent.ambiguous {
                    try rejected(response)
                    throw GQLPatchError(
                        .conflict,
                        "\(describe(target)) changed after \(versionName) \(version) was read (now \(moved)); nothing was written"
                    )
                }
                lastProblem = "version conflict (\(versionName) \(version) was read, the record is at \(moved) now)"
                if attempt < retryConflicts {
                    note("gqlpatch: \(lastProblem); refetching and retrying (\(attempt + 1)/\(retryConflicts))")
                    await ConflictPause.wait(afterAttempt: attempt)
                    continue
                }
                try rejected(response)
                break
            }
            if let conflict = response.errors.first(where: \.isConflict) {
                if target.expectVersion != nil, !sent.ambiguous {
                    try rejected(response)
                    throw GQLPatchError(
                        .conflict, "\(describe(target)) changed after _version \(version) was read: \(conflict.summary)"
                    )
                }
                lastProblem = "version conflict (\(conflict.summary))"
                if attempt < retryConflicts {
                    note("gqlpatch: \(lastProblem); refetching and retrying (\(attempt + 1)/\(retryConflicts))")
                    await ConflictPause.wait(afterAttempt: attempt)
                    continue
                }
                try rejected(response)
                break
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
                    lastProblem =
                        "the server kept its own values for \(kept.joined(separator: ", ")) (merged with a concurrent change)"
                    if attempt < retryConflicts {
                        note("gqlpatch: \(lastProblem); refetching and retrying (\(attempt + 1)/\(retryConflicts))")
                        await ConflictPause.wait(afterAttempt: attempt)
                        continue
                    }
                    try rejected(response)
                    break
                }
            }
            return try await finish(attempted, sent: sent, before: before)
        }
        throw GQLPatchError(.conflict, "\(describe(target)): \(lastProblem) after \(retryConflicts) retries; giving up")
    }

    /// Success: the record. Errors: sort out not-found from a failed condition, then fail with the code.
    func finish(_ target: Target, sent: RecordService.Sent, before: JSONObject?) async throws(GQLPatchError)
        -> Outcome
    {
        let response = sent.response
        let model = target.model
        if response.errors.isEmpty {
            guard let item = response.field(model.operations.update ?? "") else {
                try rejected(response)
                throw GQLPatchError(.notFound, "no \(describe(target)) (the server returned null)")
            }
            guard item.objectValue != nil else {
                try rejected(response)
                throw GQLPatchError(
                    .badResponse, "\(model.operations.update ?? "") returned \(item) where an object was expected")
            }
            return .updated(item: item, response: response, before: before)
        }
        try rejected(response)
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            if model.operations.get != nil {
                if sent.ambiguous {
                    // A lost try may have written the change and made this one's condition fail.
                    let record = try await fetch(model, target.changeSet.key, target.fetchSelection)
                    guard let record, record["_deleted"] != .bool(true) else {
                        throw GQLPatchError(.notFound, "no \(describe(target))")
                    }
                    if comparer(target).allApplied(record: record, changes: target.changeSet.changes) {
                        return .updated(item: .object(record), response: nil, before: before)
                    }
                } else {
                    let keyOnly = RecordService.keySelection(model)
                    let record = try await fetch(model, target.changeSet.key, keyOnly)
                    if record == nil { throw GQLPatchError(.notFound, "no \(describe(target))") }
                }
            }
            let reason =
                target.condition == nil
                ? "the update's condition failed" : "the \(wording.name(.condition)) condition is false"
            throw GQLPatchError(
                .conflict, "\(describe(target)): \(reason) (\(response.errors[0].summary)); nothing was written")
        }
        if response.errors.contains(where: \.isUnauthorized) {
            throw await service.refusedWrite(
                model, key: target.changeSet.key, response: response, describe: describe(target),
                nothing: "nothing was written")
        }
        throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
    }
}
