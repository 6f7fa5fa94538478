import GQLPatchBatch
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchUndo
import JSON

/// `gqlpatch undo FILE`: reads the undo log whole, picks the writes to undo (`--run`, `--only`),
/// refuses a log written against another API unless the target is named, counts and confirms, then
/// runs the undos on apply's engine (`UndoSource`, `BatchUndoExecutor`): one JSON line per logged
/// write, a summary on stderr, exit 2 when some record changed since and was left alone.
package struct UndoCommand: Sendable {
    package var options: UndoOptions
    package var run: CommandRun

    package func run() async throws(GQLPatchError) -> ExitCode {
        let console = run.context.console
        // Read before anything is resolved or sent: a damaged log stops here.
        let log = try UndoLogFile.read(options.path)
        if let torn = log.tornLine {
            console.message(
                "gqlpatch: note: \(options.path):\(torn): a torn last line (a run stopped while writing it) was passed over; the write it began was not sent"
            )
        }
        if let id = options.run, !log.runs.contains(where: { $0.id == id }) {
            let known = log.runs.map(\.id).joined(separator: ", ")
            throw .usage(
                "\(OptionName.run) \(id): the undo log \(options.path) has no such run (it has: \(known.isEmpty ? "none" : known))"
            )
        }
        if run.options.dryRun, options.batch.journal != nil {
            throw .usage("\(OptionName.journal) records writes, and \(OptionName.dryRun) writes none: leave one out")
        }
        let settings = try await run.settings(sending: .evenOnDryRun)
        let keys = Dictionary(
            settings.catalogue.models.map { ($0.key, $0.value.primaryKey) }, uniquingKeysWith: { a, _ in a })
        let plan = UndoPlan(log, run: options.run, only: options.only, primaryKeys: keys)
        try checkTarget(plan, settings: settings)
        let count = plan.entries.count
        let described = plan.runs.map { "run \($0.id) (\($0.command), \($0.started))" }.joined(separator: ", ")
        if plan.refused > 0 {
            console.message(
                "gqlpatch: undo: \(plan.refused) logged write\(plan.refused == 1 ? "" : "s") the server refused: nothing to undo"
            )
        }
        guard count > 0 else {
            console.message("gqlpatch: undo: no logged write to undo in \(options.path)")
            return .success
        }
        let what = "\(count) logged write\(count == 1 ? "" : "s") of \(described)"
        console.message(
            "gqlpatch: undo: \(what), newest first; a record changed since a write is left as it is")
        if !settings.dryRun {
            try SelectionCommand.confirm(
                verb: "undo", what: what, count: count, yes: run.options.yes, ask: run.context.ask)
        }
        var apply = ApplyCommand(options: options.batch, settings: settings, context: run.context)
        apply.commandName = "undo"
        apply.judgesUndoOnly = settings.dryRun
        apply.catchesInterrupt = run.environmentCheck != nil
        apply.resumeCommand = ResumeCommand.text(for: run.arguments)
        return try await apply.run(
            UndoSource(plan: plan, logPath: options.path, catalogue: settings.catalogue), total: count)
    }

    /// A log written against another API is put back there only when this run's target was named on
    /// the command line (an endpoint, a config, an environment or an API id), not taken from the
    /// folder or the shell.
    private func checkTarget(_ plan: UndoPlan, settings: Settings) throws(GQLPatchError) {
        let target = settings.endpoint ?? ""
        let others = plan.endpoints.filter { !CommandRun.sameEndpoint($0, target) }
        guard let other = others.first else { return }
        let given = run.options
        if given.endpoint != nil || given.configPath != nil || given.environmentName != nil || given.apiID != nil {
            run.context.console.message(
                "gqlpatch: note: \(options.path) was written against \(Redactor.url(other)); putting records back at \(Redactor.url(target)) as named"
            )
            return
        }
        throw .usage(
            "\(options.path) holds writes to \(Redactor.url(other)), and this run would write to \(Redactor.url(target)): name the target with \(OptionName.endpoint), \(OptionName.env), \(OptionName.apiID) or \(OptionName.config) to put the records back there; nothing was sent"
        )
    }
}
