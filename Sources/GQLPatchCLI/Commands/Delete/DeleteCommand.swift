import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch delete`: checks the key and conditions, then deletes one record (fetching `_version`
/// first for versioned models, whose delete is soft) and prints it; with `--cascade` the records of
/// the model's `@hasMany`/`@hasOne` relationships are deleted first, depth first (`runCascade`).
/// The delete rules are the record service's (`RecordService.delete`), as for `apply`.
package struct DeleteCommand: Sendable {
    package var options: DeleteOptions
    package var settings: Settings
    package var context: RunContext

    package typealias Plan = RecordService.DeleteTarget

    /// The delete's target, every check made.
    package func makePlan() throws(GQLPatchError) -> Plan {
        try RecordTargetBuilder(
            catalogue: settings.catalogue, conflictResolution: settings.conflictResolution,
            readFile: context.readFile, wording: CommandLineWording(), schemaSource: settings.schemaSource
        ).delete(
            model: options.model, key: options.key, conditions: options.conditions,
            expectVersion: options.expectVersion, select: options.select)
    }

    /// The delete of each record a selection picks (`delete --where`).
    /// `cascading`: with every model the cascade may reach, each as the run versions it.
    package func selectionWrite(cascading: Bool = false) throws(GQLPatchError) -> SelectionWrite {
        var options = self.options
        options.key = .typed(JSONObject())
        let target = try DeleteCommand(options: options, settings: settings, context: context).makePlan()
        var write = SelectionWrite(kind: .delete, model: target.model, versioned: target.versioned)
        if cascading {
            for (name, model) in settings.catalogue.models {
                write.cascadeModels[name] = (
                    model, RecordService.isVersioned(model, under: settings.conflictResolution)
                )
            }
        }
        return write
    }

    package func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        let session = CommandSession(settings: settings, context: context)
        if options.cascade {
            try await runCascade(plan, session: session)
            return
        }
        if options.preview, !settings.dryRun {
            let read = try await session.records().read(
                plan.model, key: plan.key,
                selection: plan.versioned ? RecordService.withSyncFields(plan.selection) : plan.selection)
            guard let record = read.record, record["_deleted"] != .bool(true) else {
                throw GQLPatchError(.notFound, "no \(ModelLookup.describe(model: plan.model, key: plan.key))")
            }
            try PreviewPrinter(session: session, colour: false).print(
                key: plan.key, entry: ("delete", .object(record)), differences: JSONObject())
            return
        }
        let records = session.records()
        if settings.dryRun {
            try DryRun.print(try records.plannedDelete(plan), settings: settings, context: context)
            return
        }
        let outcome = try await records.delete(plan)
        if let version = outcome.version {
            session.console.message(
                "gqlpatch: note: \(ModelLookup.describe(model: plan.model, key: plan.key)) is versioned: the delete is soft (the record stays with _deleted: true, _version \(version + 1))"
            )
        }
        try session.printRecord(outcome.record ?? .null, envelope: outcome.response?.envelope)
    }
}
