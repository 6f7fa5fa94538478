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

    package struct Plan: Sendable {
        package var model: Model
        package var key: JSONObject
        package var condition: JSONValue?
        package var selection: SelectionSet
    }

    package func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        guard model.operations.delete != nil, model.operations.deleteInput != nil else {
            throw .invalidInput("the API has no delete operation for \(model.name)")
        }
        let key = try ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording())
            .key(model: model, options.key)
        let condition = try ConditionBuilder(catalogue: catalogue, wording: CommandLineWording()).condition(
            model: model, pairs: options.conditions)
        let selections = SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
        let selection =
            try options.select.map { paths throws(GQLPatchError) in try selections.selection(for: model, paths: paths) }
            ?? selections.defaultSelection(for: model)
        let versioned = RecordService.isVersioned(model, under: settings.conflictResolution)
        if options.expectVersion != nil, !versioned {
            throw .invalidInput(
                "--expect-version needs a versioned model, and \(model.name) has no _version in \(settings.schemaSource) (use --conflict-resolution on if the API is versioned)"
            )
        }
        if versioned, model.operations.get == nil {
            throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
        }
        return Plan(model: model, key: key, condition: condition, selection: selection)
    }

    package func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        let session = CommandSession(settings: settings, context: context)
        if options.cascade {
            try await runCascade(plan, session: session)
            return
        }
        if options.preview, !settings.dryRun {
            let versioned = RecordService.isVersioned(plan.model, under: settings.conflictResolution)
            let read = try await session.records().read(
                plan.model, key: plan.key,
                selection: versioned ? RecordService.withSyncFields(plan.selection) : plan.selection)
            guard let record = read.record, record["_deleted"] != .bool(true) else {
                throw GQLPatchError(.notFound, "no \(ModelLookup.describe(model: plan.model, key: plan.key))")
            }
            try PreviewPrinter(session: session, colour: false).print(
                key: plan.key, entry: ("delete", .object(record)), differences: JSONObject())
            return
        }
        let records = session.records()
        let target = RecordService.DeleteTarget(
            model: plan.model, key: plan.key, condition: plan.condition, expectVersion: options.expectVersion,
            selection: plan.selection, versioned: records.isVersioned(plan.model))
        if settings.dryRun {
            try DryRun.print(try records.plannedDelete(target), settings: settings, context: context)
            return
        }
        let outcome = try await records.delete(target)
        if let version = outcome.version {
            session.console.message(
                "gqlpatch: note: \(ModelLookup.describe(model: plan.model, key: plan.key)) is versioned: the delete is soft (the record stays with _deleted: true, _version \(version + 1))"
            )
        }
        try session.printRecord(outcome.record ?? .null, envelope: outcome.response?.envelope)
    }
}
