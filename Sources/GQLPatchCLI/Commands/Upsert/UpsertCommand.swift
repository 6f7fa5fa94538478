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
        let createRequest = try DocumentBuilder().createMutation(
            model: model, selection: plan.selection, input: built.input)
        if settings.dryRun {
            var steps = try update.dryRunSteps(plan)
            steps = steps.map { step in DryRun.relabel(step, prefix: "if the record exists: ") }
            steps.append(DryRun.step("if it does not: create", createRequest))
            try DryRun.print(steps, settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
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
        let target = RecordUpserter.Target(
            update: plan,
            create: RecordService.CreateTarget(
                model: model, input: built.input, checkedKey: built.key, key: built.key, selection: plan.selection,
                fetchSelection: model.isVersioned
                    ? RecordService.withSyncFields(plan.fetchSelection) : plan.fetchSelection))
        let upserter = RecordUpserter(
            records: session.records(),
            creator: CreateCommand.records(for: createRequest, keyIsComplete: true, session: session))
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
