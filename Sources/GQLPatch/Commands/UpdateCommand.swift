import JSON

/// `gqlpatch update`: checks every input against the schema before anything is sent, then
/// (for versioned models) fetches `_version`, sends only the key and the named fields, retries
/// version conflicts, and prints the updated record.
struct UpdateCommand: Sendable {
    var options: UpdateOptions
    var settings: Settings
    var context: RunContext

    /// Everything worked out before the first request.
    struct Plan: Sendable {
        var model: Model
        var changeSet: ChangeSet
        var condition: JSONValue?
        var selection: SelectionSet
        /// The selection of the `_version` fetch: the output selection plus every changed field.
        var fetchSelection: SelectionSet
        var versioned: Bool
    }

    func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        if settings.options.dryRun {
            try printDryRun(plan)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        if plan.versioned {
            try await runVersioned(plan, session: session)
        } else {
            try await runUnversioned(plan, session: session)
        }
    }

    // MARK: - Planning (no requests)

    func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        var patch: JSONObject?
        if let path = options.patch { patch = try PatchFile.read(path, readFile: context.readFile) }
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile)
        let key: ChangeSetBuilder.Key = options.id.map { .id($0) } ?? .fields(options.keys)
        let changeSet = try builder.build(model: model, key: key, patch: patch, changes: options.changes)
        if changeSet.changes.isEmpty {
            throw .invalidInput("the patch for \(model.name) names no fields to change")
        }
        let condition = try ConditionBuilder(catalogue: catalogue).condition(model: model, pairs: options.conditions)
        let selections = SelectionBuilder(catalogue: catalogue)
        let selection = try options.select.map { paths throws(GQLPatchError) in try selections.selection(for: model, paths: paths) }
            ?? selections.defaultSelection(for: model)
        var fetchSelection = selections.defaultSelection(for: model)
        if let select = options.select {
            fetchSelection = try selections.selection(for: model, paths: select + changeSet.changes.keys)
        }
        let versioned: Bool
        switch settings.options.conflictResolution {
        case .on: versioned = true
        case .off: versioned = false
        case .auto: versioned = model.isVersioned
        }
        if options.expectVersion != nil, !versioned {
            throw .invalidInput(
                "--expect-version needs a versioned model, and \(model.name) has no _version in \(settings.schemaSource) (use --conflict-resolution on if the API is versioned)")
        }
        if versioned, model.operations.get == nil {
            throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
        }
        if versioned { fetchSelection = Self.withSyncFields(fetchSelection) }
        return Plan(
            model: model, changeSet: changeSet, condition: condition, selection: selection, fetchSelection: fetchSelection,
            versioned: versioned)
    }

    /// The fetch must see `_version` and `_deleted` whatever the schema or `--select` say: the
    /// versioned path sends the one and refuses a soft-deleted record by the other.
    static func withSyncFields(_ selection: SelectionSet) -> SelectionSet {
        var result = selection
        for name in ["_version", "_deleted"] where !result.contains(name) {
            result.fields.append(SelectionSet.Field(name: name))
        }
        return result
    }

    private func printDryRun(_ plan: Plan) throws(GQLPatchError) {
        let documents = DocumentBuilder()
        var steps: [JSONValue] = []
        if plan.versioned {
            let get = try documents.getQuery(model: plan.model, selection: plan.fetchSelection, key: plan.changeSet.key)
            steps.append(DryRun.step("fetch the record and its _version", get))
            let update = try documents.updateMutation(
                model: plan.model, selection: plan.selection, input: plan.changeSet.input(version: 0),
                condition: plan.condition)
            var step = DryRun.step("update, with _version from step 1", update)
            step = DryRun.replacingVersion(in: step)
            steps.append(step)
        } else {
            let update = try documents.updateMutation(
                model: plan.model, selection: plan.selection, input: plan.changeSet.input(version: nil),
                condition: plan.condition)
            steps.append(DryRun.step("update", update))
        }
        let document = DryRun.plan(settings: settings, steps: steps)
        context.console.writeOut(JSONPrinter(pretty: settings.options.pretty, console: context.console).render(document))
    }

    // MARK: - Sending

    private func describe(_ plan: Plan) -> String {
        ModelLookup.describe(model: plan.model, key: plan.changeSet.key)
    }

    private func runUnversioned(_ plan: Plan, session: CommandSession) async throws(GQLPatchError) {
        let request = try DocumentBuilder().updateMutation(
            model: plan.model, selection: plan.selection, input: plan.changeSet.input(version: nil),
            condition: plan.condition)
        let response = try await session.client.send(request.json())
        if settings.options.conflictResolution == .auto {
            // The schema did not say, but the API checks versions: switch to the versioned path.
            if let conflict = response.errors.first(where: \.isConflict) {
                session.console.message(
                    "gqlpatch: note: the API checks versions for \(plan.model.name) (\(conflict.summary)); fetching _version and retrying")
                guard plan.model.operations.get != nil else { throw GQLPatchError(.conflict, conflict.summary) }
                try await runVersioned(versionedPlan(plan), session: session)
                return
            }
            // AUTOMERGE answers an update without _version with success, but keeps the server's
            // values: the changes were not written.
            if response.errors.isEmpty, let object = response.field(plan.model.operations.update ?? "")?.objectValue,
                plan.model.operations.get != nil
            {
                let kept = ResponseComparer(catalogue: settings.catalogue, model: plan.model)
                    .unchangedFields(record: object, changes: plan.changeSet.changes)
                    .filter { plan.selection.contains($0) }
                if !kept.isEmpty {
                    session.console.message(
                        "gqlpatch: note: the server kept its own values for \(kept.joined(separator: ", ")) (the API merges versions); fetching _version and retrying")
                    try await runVersioned(versionedPlan(plan), session: session)
                    return
                }
            }
        }
        try await finish(plan, response: response, session: session)
    }

    /// The plan switched to the versioned path once the API showed that it checks versions.
    private func versionedPlan(_ plan: Plan) -> Plan {
        var versioned = plan
        versioned.versioned = true
        versioned.fetchSelection = Self.withSyncFields(plan.fetchSelection)
        return versioned
    }

    private func runVersioned(_ plan: Plan, session: CommandSession) async throws(GQLPatchError) {
        let documents = DocumentBuilder()
        let comparer = ResponseComparer(catalogue: settings.catalogue, model: plan.model)
        var lastProblem = ""
        for attempt in 0...settings.options.retryConflicts {
            let record = try await session.fetch(model: plan.model, key: plan.changeSet.key, selection: plan.fetchSelection)
            guard let record else {
                throw GQLPatchError(.notFound, "no \(describe(plan))")
            }
            if record["_deleted"] == .bool(true) {
                throw GQLPatchError(.notFound, "\(describe(plan)) is deleted (_deleted: true)")
            }
            guard case .int(let version) = record["_version"] ?? .null else {
                throw GQLPatchError(.badResponse, "the server's \(describe(plan)) has no integer _version although the model is versioned")
            }
            if let expected = options.expectVersion, expected != version {
                throw GQLPatchError(
                    .conflict, "\(describe(plan)) is at _version \(version), not \(expected) (--expect-version); nothing was written")
            }
            if plan.condition == nil, comparer.allApplied(record: record, changes: plan.changeSet.changes) {
                session.console.message("gqlpatch: note: nothing to change: \(describe(plan)) already holds these values")
                try session.printRecord(.object(SelectionProjection.project(record, onto: plan.selection)), envelope: nil)
                return
            }
            let request = try documents.updateMutation(
                model: plan.model, selection: plan.selection, input: plan.changeSet.input(version: version),
                condition: plan.condition)
            let response = try await session.client.send(request.json())
            if let conflict = response.errors.first(where: \.isConflict) {
                if options.expectVersion != nil {
                    try session.printEnvelopeOnFailure(response)
                    throw GQLPatchError(.conflict, "\(describe(plan)) changed after _version \(version) was read: \(conflict.summary)")
                }
                lastProblem = "version conflict (\(conflict.summary))"
                if attempt < settings.options.retryConflicts {
                    session.console.message(
                        "gqlpatch: \(lastProblem); refetching and retrying (\(attempt + 1)/\(settings.options.retryConflicts))")
                    continue
                }
                try session.printEnvelopeOnFailure(response)
                break
            }
            if response.errors.isEmpty, let item = response.field(plan.model.operations.update ?? ""), let object = item.objectValue {
                let kept = comparer.unchangedFields(record: object, changes: plan.changeSet.changes)
                    .filter { plan.selection.contains($0) }
                if !kept.isEmpty {
                    // AUTOMERGE answered success but kept the server's values for these fields.
                    lastProblem = "the server kept its own values for \(kept.joined(separator: ", ")) (merged with a concurrent change)"
                    if attempt < settings.options.retryConflicts {
                        session.console.message(
                            "gqlpatch: \(lastProblem); refetching and retrying (\(attempt + 1)/\(settings.options.retryConflicts))")
                        continue
                    }
                    try session.printEnvelopeOnFailure(response)
                    break
                }
            }
            try await finish(plan, response: response, session: session)
            return
        }
        throw GQLPatchError(
            .conflict, "\(describe(plan)): \(lastProblem) after \(settings.options.retryConflicts) retries; giving up")
    }

    /// Success: print. Errors: sort out not-found from a failed condition, then fail with the code.
    private func finish(_ plan: Plan, response: GraphQLResponse, session: CommandSession) async throws(GQLPatchError) {
        let field = plan.model.operations.update ?? ""
        if response.errors.isEmpty {
            guard let item = response.field(field) else {
                try session.printEnvelopeOnFailure(response)
                throw GQLPatchError(.notFound, "no \(describe(plan)) (the server returned null)")
            }
            guard item.objectValue != nil else {
                try session.printEnvelopeOnFailure(response)
                throw GQLPatchError(.badResponse, "\(field) returned \(item) where an object was expected")
            }
            try session.printRecord(item, envelope: response.envelope)
            return
        }
        try session.printEnvelopeOnFailure(response)
        if response.errors.contains(where: \.isConditionalCheckFailed) {
            if plan.model.operations.get != nil {
                let record = try await session.fetch(
                    model: plan.model, key: plan.changeSet.key, selection: SelectionSet(fields: plan.model.primaryKey.map { SelectionSet.Field(name: $0) }))
                if record == nil { throw GQLPatchError(.notFound, "no \(describe(plan))") }
            }
            let reason = plan.condition == nil ? "the update's condition failed" : "the --if condition is false"
            throw GQLPatchError(.conflict, "\(describe(plan)): \(reason) (\(response.errors[0].summary)); nothing was written")
        }
        throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
    }
}
