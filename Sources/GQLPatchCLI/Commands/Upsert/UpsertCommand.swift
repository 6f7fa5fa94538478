import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch upsert`: plans the update exactly as `update` does and the create from the same key and
/// changes (edits worked out from an empty record), checks both before anything is sent, then runs
/// `RecordUpserter` and says on stderr which it did.
package struct UpsertCommand: Sendable {
    package var options: UpsertOptions
    package var settings: Settings
    package var context: RunContext
    /// A preview also writes a coloured diff to stderr.
    package var colour = false

    package func run() async throws(GQLPatchError) {
        let update = UpdateCommand(options: options.update, settings: settings, context: context)
        let plan = try update.makePlan()
        let model = plan.model
        // The create: the key and the changes, edits worked out from no record (a counter from 0, a list
        // from []); typed and checked against the create input, its required fields included.
        var values = plan.changeSet.key
        let fresh = try plan.changeSet.resolved(
            against: JSONObject(), editor: FieldEditor(catalogue: settings.catalogue, model: model))
        for (name, value) in fresh.changes where !value.isNull { values[name] = value }
        let built = try CreateInputBuilder(
            catalogue: settings.catalogue, readFile: context.readFile, wording: CommandLineWording()
        ).build(model: model, patch: values, values: [])
        let session = CommandSession(settings: settings, context: context)
        let create = RecordService.CreateTarget(
            model: model, input: built.input, checkedKey: built.key, key: built.key, selection: plan.selection,
            fetchSelection: model.isVersioned ? RecordService.withSyncFields(plan.fetchSelection) : plan.fetchSelection)
        let records = session.records()
        if settings.dryRun {
            let steps =
                try records.plannedUpdate(plan).map { $0.relabelled("if the record exists: ") }
                + [try records.plannedCreate(create, purpose: "if it does not: create")]
            try DryRun.print(steps, settings: settings, context: context)
            return
        }
        if options.update.preview {
            let read = try await session.records().read(model, key: plan.changeSet.key, selection: plan.fetchSelection)
            let printer = PreviewPrinter(session: session, colour: colour)
            guard let record = read.record, record["_deleted"] != .bool(true) else {
                try printer.print(
                    key: plan.changeSet.key, entry: ("create", .object(built.input)), differences: JSONObject())
                return
            }
            let differences = try ChangePreview(catalogue: settings.catalogue, model: model)
                .differences(record: record, changeSet: plan.changeSet)
            try printer.print(
                key: plan.changeSet.key, entry: ("changes", .object(differences)), differences: differences)
            return
        }
        let target = RecordUpserter.Target(update: plan, create: create)
        let upserter = RecordUpserter(
            records: records,
            creator: CreateCommand.records(
                for: try records.createRequest(create), keyIsComplete: true, session: session))
        let name = ModelLookup.describe(model: model, key: plan.changeSet.key)
        switch try await upserter.run(target) {
        case .created(let item, let response):
            session.console.message("gqlpatch: note: \(name) was not there; created it")
            try session.printRecord(
                .object(response == nil ? SelectionProjection.project(item, onto: plan.selection) : item),
                envelope: response?.envelope)
        case .updated(let outcome):
            try update.printOutcome(
                outcome, plan, session: session, note: "gqlpatch: note: \(name) was there; updated it")
        }
    }
}
