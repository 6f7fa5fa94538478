import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch get`: fetches one record by its key and prints it. No record, or a soft-deleted one
/// without `--include-deleted`, is "not found" (exit 3).
package struct GetCommand: Sendable {
    package var options: GetOptions
    package var settings: Settings
    package var context: RunContext

    package struct Plan: Sendable {
        package var model: Model
        package var key: JSONObject
        /// What is printed.
        package var selection: SelectionSet
        /// What is fetched: the printed fields plus `_deleted` when the model has it.
        package var fetchSelection: SelectionSet
    }

    package func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        guard model.operations.get != nil else { throw .invalidInput("the API has no get query for \(model.name)") }
        let key = try ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording())
            .key(model: model, options.key)
        let (selection, fetchSelection) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: options.select)
        return Plan(model: model, key: key, selection: selection, fetchSelection: fetchSelection)
    }

    package func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        if settings.dryRun {
            let read = try CommandSession(settings: settings, context: context).records().plannedRead(
                plan.model, key: plan.key, selection: plan.fetchSelection, purpose: "fetch the record")
            try DryRun.print([read], settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        let read = try await session.records().read(plan.model, key: plan.key, selection: plan.fetchSelection)
        let (record, response) = (read.record, read.response)
        let name = ModelLookup.describe(model: plan.model, key: plan.key)
        guard let record else {
            try session.printEnvelopeOnFailure(response)
            throw GQLPatchError(.notFound, "no \(name)")
        }
        if record["_deleted"] == .bool(true), !options.includeDeleted {
            try session.printEnvelopeOnFailure(response)
            throw GQLPatchError(
                .notFound, "\(name) is deleted (_deleted: true); --include-deleted prints it", kind: .softDeleted)
        }
        if let rows = session.rowPrinter(model: plan.model, selection: plan.selection) {
            try rows.print(record)
            try rows.finish()
            return
        }
        try session.printRecord(
            .object(SelectionProjection.project(record, onto: plan.selection)), envelope: response.envelope)
    }
}
