import GQLPatchSupport
import JSON

extension SequenceRun {
    /// Runs the plan's lines as one batch and says how it ended: a failure without all or nothing has
    /// the copies of the rows not moved removed; one with it was undone (or says what was not).
    func execute(lines: [JSONValue], field: String, files: SequenceRunFiles, resuming: Bool, atomic: Bool)
        async throws(GQLPatchError) -> ExitCode
    {
        let report = SequenceReport(lines: lines, field: field)
        let code: ExitCode
        do {
            code = try await apply(
                files.plan, journal: files.journal, resuming: resuming, atomic: atomic,
                lineOutput: { result in report.output(for: result) })
        } catch {
            if Self.exists(files.journal) {
                console.message(
                    "gqlpatch: note: the \(name)'s journal is \(files.journal); '\(resumeCommand(files.journal))' finishes it"
                )
            }
            throw error
        }
        switch code {
        case .success:
            removeTemporary(files)
            return .success
        case .partialFailure where !atomic:
            let failure = report.firstFailure
            let repaired = try await removeCopies(report: report, files: files)
            if repaired { removeTemporary(files) }
            throw GQLPatchError(
                failure?.code ?? .partialFailure,
                repaired
                    ? "the \(name) failed; the rows it had not moved keep their numbers and their copies were removed, so the sequence's order is as it was (the rows moved keep their new numbers): \(failure?.message ?? "a move failed")"
                    : "the \(name) failed (\(failure?.message ?? "a move failed")), and the copies of the rows it had not moved could not all be removed (see the lines above); the journal \(files.journal) and the plan \(files.plan) record what was done"
            )
        case .partialFailure:
            let failure = report.firstFailure
            if report.rollbackFailures > 0 {
                console.message(
                    "gqlpatch: note: the journal \(files.journal) and the plan \(files.plan) record what was done")
                throw GQLPatchError(
                    failure?.code ?? .partialFailure,
                    "the \(name) failed (\(failure?.message ?? "a move failed")), and \(report.rollbackFailures) of its writes could not be undone: the sequence is not as it was (see the rollback_failed lines)"
                )
            }
            removeTemporary(files)
            throw GQLPatchError(
                failure?.code ?? .partialFailure,
                "the \(name) failed and every move was undone, the sequence is as it was: \(failure?.message ?? "a move failed")"
            )
        default:
            console.message(
                "gqlpatch: note: the \(name) stopped part-way; '\(resumeCommand(files.journal))' finishes it")
            return code
        }
    }

    /// Applies the `apply` lines of the file at `path` one at a time in order, as `apply` would, each
    /// result printed as `lineOutput` says; the summary names the command.
    func apply(
        _ path: String, journal: String?, resuming: Bool = false, atomic: Bool = false,
        continueOnError: Bool = false, lineOutput: @escaping @Sendable (LineResult) -> [JSONValue]
    ) async throws(GQLPatchError) -> ExitCode {
        var plan = self.plan
        plan.atomic = atomic
        plan.continueOnError = continueOnError
        plan.lineOutput = lineOutput
        plan.commandName = name
        var apply = BatchApply(
            path: path, journal: journal, plan: plan, catalogue: catalogue, wording: wording, console: console)
        apply.resume = resuming
        apply.secrets = secrets
        apply.verbose = verbose
        let input = try apply.open(dryRun: false)
        let connection = try connect()
        return try await apply.execute(input, client: connection.client, executor: connection.executor)
    }
}
