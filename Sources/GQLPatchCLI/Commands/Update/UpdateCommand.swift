import GQLPatchBatch
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
    package func makePlan(key: ChangeSetBuilder.Key? = nil) throws(GQLPatchError) -> UpdateTarget {
        var asked = RecordTargetBuilder.Update(
            model: options.model, key: key ?? options.id.map { .id($0) } ?? .fields(options.keys))
        if let path = options.patch {
            asked.patch = try PatchFile.read(path, readFile: context.readFile, wording: CommandLineWording())
        }
        asked.changes = options.changes
        asked.edits = options.edits
        asked.conditions = options.conditions
        asked.expectVersion = options.expectVersion
        asked.select = options.select
        asked.unguarded = options.unguarded
        return try targets.update(asked) { context.console.message($0) }
    }

    /// The write to each record a selection picks (`update --where`): the changes, for no key yet.
    package func selectionWrite() throws(GQLPatchError) -> SelectionWrite {
        let target = try makePlan(key: .typed(JSONObject()))
        if target.differencesOnly {
            throw .usage("\(OptionName.patch) holds a whole record, which names one record; give the fields to change")
        }
        var write = SelectionWrite(kind: .update, model: target.model, versioned: target.versioned)
        write.changes = target.changeSet.changes
        write.edits = target.changeSet.edits
        return write
    }

    /// The run's builder of record targets.
    var targets: RecordTargetBuilder {
        RecordTargetBuilder(
            catalogue: settings.catalogue, conflictResolution: settings.conflictResolution,
            readFile: context.readFile, wording: CommandLineWording(), schemaSource: settings.schemaSource)
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
