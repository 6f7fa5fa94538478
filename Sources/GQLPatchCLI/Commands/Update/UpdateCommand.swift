import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch update`: checks every input against the schema before anything is sent, then
/// (for versioned models) fetches `_version`, sends only the key and the named fields, retries
/// version conflicts, and prints the updated record.
package struct UpdateCommand: Sendable {
    package var options: UpdateOptions
    package var settings: Settings
    package var context: RunContext
    /// A preview also writes a coloured diff to stderr (a terminal, no `NO_COLOR`).
    package var colour = false

    package func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        let session = CommandSession(settings: settings, context: context)
        if settings.dryRun {
            try DryRun.print(try session.records().plannedUpdate(plan), settings: settings, context: context)
            return
        }
        if options.preview {
            try await preview(plan, session: session)
            return
        }
        try await send(plan, session: session)
    }

    // MARK: - Planning (no requests)

    /// Everything worked out before the first request.
    package func makePlan() throws(GQLPatchError) -> UpdateTarget {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        var patch: JSONObject?
        if let path = options.patch {
            patch = try PatchFile.read(path, readFile: context.readFile, wording: CommandLineWording())
        }
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording())
        let key: ChangeSetBuilder.Key = options.id.map { .id($0) } ?? .fields(options.keys)
        var expectVersion = options.expectVersion
        var differencesOnly = false
        if let given = patch,
            let whole = try WholeRecordPatch.read(
                given, model: model, key: try builder.key(model: model, key), catalogue: catalogue)
        {
            patch = whole.patch
            differencesOnly = true
            if let version = whole.expectVersion {
                if let flag = expectVersion, flag != version {
                    throw .usage("--expect-version \(flag) and the patch's version \(version) disagree")
                }
                expectVersion = version
            }
            context.console.message(
                "gqlpatch: note: the patch is a whole \(model.name) record: \(whole.dropped.joined(separator: ", ")) ignored (the key and what the server sets)"
                    + (whole.expectVersion.map { "; it must still be at version \($0)" } ?? "")
                    + "; only the fields that differ from the stored record are sent")
        }
        let changeSet = try builder.build(
            model: model, key: key, patch: patch, changes: options.changes, edits: options.edits,
            mergesPatchObjects: true)
        if changeSet.changes.isEmpty, changeSet.edits.isEmpty {
            throw .invalidInput("the patch for \(model.name) names no fields to change")
        }
        let condition = try ConditionBuilder(catalogue: catalogue, wording: CommandLineWording()).condition(
            model: model, pairs: options.conditions)
        let selections = SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
        let selection =
            try options.select.map { paths throws(GQLPatchError) in try selections.selection(for: model, paths: paths) }
            ?? selections.defaultSelection(for: model)
        var fetchSelection = selections.defaultSelection(for: model)
        if let select = options.select {
            fetchSelection = try selections.selection(
                for: model, paths: select + changeSet.changes.keys + changeSet.edits.map(\.field))
        }
        let versioned = RecordService.isVersioned(model, under: settings.conflictResolution)
        if expectVersion != nil, !versioned {
            throw .invalidInput(
                "--expect-version needs a versioned model, and \(model.name) has no _version in \(settings.schemaSource) (use --conflict-resolution on if the API is versioned)"
            )
        }
        if versioned, model.operations.get == nil {
            throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
        }
        if versioned { fetchSelection = VersionScheme.of(model).fetchSelection(fetchSelection) }
        return UpdateTarget(
            model: model, changeSet: changeSet, condition: condition, expectVersion: expectVersion,
            selection: selection, fetchSelection: fetchSelection, versioned: versioned, unguarded: options.unguarded,
            differencesOnly: differencesOnly)
    }

    // MARK: - Sending

    /// Sends the update with the shared single-record rules (`RecordService.update`) and prints the record.
    private func send(_ plan: UpdateTarget, session: CommandSession) async throws(GQLPatchError) {
        try printOutcome(try await session.records().update(plan), plan, session: session)
    }

    /// Reads the record and prints what the update would change; sends no write.
    private func preview(_ plan: UpdateTarget, session: CommandSession) async throws(GQLPatchError) {
        try VersionScheme.checkWritable(plan.model)
        let read = try await session.records().read(plan.model, key: plan.changeSet.key, selection: plan.fetchSelection)
        guard let record = read.record else { throw GQLPatchError(.notFound, "no \(plan.name)") }
        if record["_deleted"] == .bool(true) {
            throw GQLPatchError(.notFound, "\(plan.name) is deleted (_deleted: true)", kind: .softDeleted)
        }
        let differences = try ChangePreview(catalogue: settings.catalogue, model: plan.model)
            .differences(record: record, changeSet: plan.changeSet)
        try PreviewPrinter(session: session, colour: colour).print(
            key: plan.changeSet.key, entry: ("changes", .object(differences)), differences: differences)
    }

    /// Prints the updated record (or, when nothing changed, the record as read, with a note); `note`
    /// is said first when the record was written.
    package func printOutcome(
        _ outcome: UpdateOutcome, _ plan: UpdateTarget, session: CommandSession, note: String? = nil
    ) throws(GQLPatchError) {
        switch outcome {
        case .updated(let item, let response, _):
            if let note { session.console.message(note) }
            try session.printRecord(item, envelope: response?.envelope)
        case .unchanged(let record, let read):
            session.console.message("gqlpatch: note: nothing to change: \(plan.name) already holds these values")
            try session.printRecord(
                .object(SelectionProjection.project(record, onto: plan.selection)), envelope: read.envelope)
        }
    }
}
