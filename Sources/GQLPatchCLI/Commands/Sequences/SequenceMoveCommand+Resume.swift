import GQLPatchBatch
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension SequenceMoveCommand {
    /// `--resume JOURNAL`: runs the plan beside the journal (`JOURNAL.plan`) from where it stopped
    /// (`SequenceRun.resume`, which first settles a line the server may hold but the journal lacks).
    func resume(_ journal: String) async throws(GQLPatchError) -> ExitCode {
        let plan = try SequenceRun.readPlan(journal: journal, command: name)
        if let modelName, modelName != plan.model {
            throw .usage("the plan \(plan.path) is for \(plan.model), not \(modelName)")
        }
        let settings = try await commandRun.settings(focus: CatalogueFocus(models: [plan.model]))
        if settings.dryRun {
            throw .usage("--dry-run does not go with --resume (the plan is \(plan.path))")
        }
        return try await sequenceRun(settings: settings).resume(plan, journal: journal)
    }
}
