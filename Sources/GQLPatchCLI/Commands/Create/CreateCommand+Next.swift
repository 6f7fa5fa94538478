import FoundationEssentials
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension CreateCommand {
    /// What `create --next` sends: the sequence, and the create as planned with the first number
    /// (the `--start` value) in place of the one each try works out.
    struct NextPlan: Sendable {
        var sequence: SequenceDescription
        var create: Plan
        var start: Int
    }

    /// Every check of `create --next` before anything is sent: the sequence (`SequenceDescription`:
    /// exit 65 for a field no key sorts), the parent's and the record's values typed by the create
    /// input with the number left to the run.
    func makeNextPlan(field: String) throws(GQLPatchError) -> NextPlan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        let sequence = try SequenceDescription.resolve(
            model: model, parent: options.parent, orderField: field, orderSource: .next, catalogue: catalogue,
            readFile: context.readFile, wording: CommandLineWording())
        for value in options.values where value.field == field || value.field == sequence.parentField {
            throw .usage(
                value.field == field
                    ? "--set \(field): the number is --next's to choose"
                    : "--set \(value.field): the parent is given with --key \(value.field)=VALUE")
        }
        let start = options.start ?? 1
        var planned = self
        planned.options.values =
            options.parent + [FieldAssignment(field: field, value: .text(String(start)))] + options.values
        return NextPlan(sequence: sequence, create: try planned.makePlan(), start: start)
    }

    /// `create --next FIELD`: reads the parent's largest number and creates one past it, again on a
    /// lost race (`RecordService.createNext`), and prints the record.
    func runNext(field: String) async throws(GQLPatchError) {
        let plan = try makeNextPlan(field: field)
        let session = CommandSession(settings: settings, context: context)
        let target = RecordService.CreateTarget(
            model: plan.create.model, input: plan.create.built.input, checkedKey: plan.create.built.key, key: nil,
            selection: plan.create.selection, fetchSelection: plan.create.fetchSelection)
        let records = Self.records(
            for: try session.records().createRequest(target), keyIsComplete: true, session: session)
        let reader = SequenceReader(service: records)
        if settings.dryRun {
            try DryRun.print(
                [
                    try reader.plannedLargestNumber(
                        plan.sequence,
                        purpose: "read the largest \(field) of \(plan.sequence.parentName), tombstones included"),
                    try records.plannedCreate(
                        target,
                        purpose:
                            "create at that \(field) plus one (\(plan.start) when there is none; read again and retried when another writer takes it)"
                    ),
                ], settings: settings, context: context)
            return
        }
        // A made-up id is made again for each try: a lost race deletes the try's record (a versioned
        // model keeps its key as a tombstone).
        let freshID: (@Sendable () -> String)? =
            plan.create.built.generatedID ? { @Sendable () -> String in UUID().uuidString.lowercased() } : nil
        let outcome = try await records.createNext(
            RecordService.NextTarget(
                sequence: plan.sequence, input: plan.create.built.input, start: plan.start,
                freshID: freshID,
                selection: plan.create.selection,
                fetchSelection: reader.selection(for: plan.sequence, adding: plan.create.fetchSelection)))
        try session.printRecord(
            .object(SelectionProjection.project(outcome.item, onto: plan.create.selection)),
            envelope: outcome.response?.envelope)
    }
}
