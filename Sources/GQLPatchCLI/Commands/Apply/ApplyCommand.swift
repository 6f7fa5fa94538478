import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSettings
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gqlpatch apply`: checks JSON Lines input (a file whole before anything is sent, standard input
/// line by line), then applies the lines with `-j` requests in flight (same record: in input order),
/// retrying what is safe to retry, journaling done lines, and with `--atomic` undoing everything at
/// the first failure. Prints one JSON line per input line in completion order and a summary on stderr.
package struct ApplyCommand: Sendable {
    package var options: ApplyOptions
    package var settings: Settings
    package var context: RunContext
    /// The sleep and random source of retries (tests pass fakes).
    package var sleep: @Sendable (Double) async -> Void = RetryingSender.taskSleep
    package var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    /// Whether to draw the progress line (stderr is a terminal).
    package var showsProgress: Bool = isatty(2) == 1
    /// Whether to catch SIGINT (the real process only).
    package var catchesInterrupt = true
    /// The command that goes on from where a journaled run stopped (`gqlpatch ... --resume`); nil
    /// when none is told.
    package var resumeCommand: String?

    /// Runs the batch over a transport made for it (gqlpatch's own event loop, or libcurl's through
    /// a proxy: many requests in flight on one thread); what was resolved before (credentials,
    /// sign-in) keeps the run's own.
    package func run() async throws(GQLPatchError) -> ExitCode {
        try await run(batchApply.open(dryRun: settings.dryRun))
    }

    /// Runs a source a command made (`update --where`'s records) as it runs a file's lines.
    package func run(_ source: any BatchSource, total: Int?) async throws(GQLPatchError) -> ExitCode {
        try await run(batchApply.open(source, total: total))
    }

    private func run(_ input: BatchInput) async throws(GQLPatchError) -> ExitCode {
        let apply = batchApply
        // `undo --dry-run` reads each record to judge it: a run that writes nothing.
        if settings.dryRun, !judgesUndoOnly {
            return try await dryRun(input)
        }
        // A transport that cannot send (libssl or, through a proxy, libcurl missing) stops the run
        // here, once, before anything is sent, rather than failing every line.
        var context = self.context
        let made = try context.batchTransport(endpoint: settings.endpoint ?? "")
        context.transport = made.transport
        if options.preview {
            return try await preview(input, context: context)
        }
        return try await apply.execute(
            input, client: settings.client(over: context.transport, console: context.console), executor: made.executor)
    }

    /// The batch as `apply` runs it: the input, the journal and the plan, worded for the command line.
    private var batchApply: BatchApply {
        var apply = BatchApply(
            path: options.path, journal: options.journalPath, plan: plan, catalogue: settings.catalogue,
            wording: CommandLineWording(), console: context.console)
        apply.resume = options.resume
        apply.secrets = context.secrets
        apply.verbose = settings.verbose
        apply.allowIncomplete = options.allowIncomplete
        apply.calls = CallCommand.operationsOnce(settings: settings, context: context)
        return apply
    }

    /// The command the summary names (`update` for `update --where`).
    package var commandName = "apply"
    /// `undo --dry-run`: each logged write is judged against its record and reported; nothing is written.
    package var judgesUndoOnly = false

    /// The batch's plan: the options and settings it runs by, and what it prints.
    private var plan: BatchRunPlan {
        var plan = BatchRunPlan(
            concurrency: options.concurrency, maxAttempts: options.maxAttempts,
            retryConflicts: settings.retryConflicts, conflictResolution: settings.conflictResolution)
        plan.undoLog = context.undoLog?.current
        plan.undoJudgeOnly = judgesUndoOnly
        plan.rate = options.rate
        plan.adaptiveRate = options.adaptiveRate
        plan.atomic = options.atomic
        plan.continueOnError = options.continueOnError
        plan.shard = options.shard
        plan.idempotentCalls = options.idempotent
        plan.sleep = sleep
        plan.random = random
        plan.showsProgress = showsProgress
        plan.catchesInterrupt = catchesInterrupt
        plan.resumeCommand = resumeCommand
        // The summary and each line's message name the environment written to.
        plan.commandName = commandName + (settings.environmentChoice.map { " (environment \($0.name))" } ?? "")
        return plan
    }

    // MARK: - Preview

    /// Prints what each line would change as JSON Lines (`BatchPreviewEntry`): `{"line", "key",
    /// "changes": {F: {"from", "to"}}}` for an update (or an upsert of an existing record), `"create"`
    /// for a create (or an upsert of an absent one), `"delete"` for a delete; `"error"` where the record
    /// is not there to update or delete (or there already to create).
    private func preview(_ input: BatchInput, context: RunContext) async throws(GQLPatchError) -> ExitCode {
        let session = CommandSession(settings: settings, context: context)
        let preview = BatchPreview(
            input, plan: plan, catalogue: settings.catalogue, records: session.records(),
            wording: CommandLineWording())
        let console = context.console
        let name = input.source.name
        let count: Int
        do {
            count = try await preview.run { bytes throws(GQLPatchError) in
                console.writeOut(bytes)
                try console.checkOutput()
            }
        } catch {
            switch error {
            case .invalidLine(let error):
                console.message(error.rendered(source: name))
                throw .invalidInput("\(name) line \(error.line) is invalid; the preview stopped there")
            case .failed(let error):
                throw error
            }
        }
        console.message(
            "gqlpatch: \(commandName): preview of \(count) line\(count == 1 ? "" : "s"); nothing was written")
        return .success
    }

    // MARK: - Dry run

    /// Prints each line's planned request (`BatchPlannedLine`; standard input: checked line by line, a
    /// bad line stops with 65). What was planned before a line whose model cannot be written is printed;
    /// a failure to read the input stops at once.
    private func dryRun(_ input: BatchInput) async throws(GQLPatchError) -> ExitCode {
        var dryRun = BatchDryRun(input, plan: plan, catalogue: settings.catalogue)
        let out = context.console
        let name = input.source.name
        let count: Int
        do {
            count = try await dryRun.run { bytes throws(GQLPatchError) in try out.write(bytes) }
        } catch {
            switch error {
            case .invalidLine(let error):
                out.message(error.rendered(source: name))
                throw .invalidInput("\(name) line \(error.line) is invalid; the dry run stopped there")
            case .notWritable(let error), .failed(let error):
                throw error
            }
        }
        let otherShards = dryRun.otherShards
        let others =
            otherShards > 0 ? " (\(otherShards) other shards' line\(otherShards == 1 ? "" : "s") left out)" : ""
        out.message(
            "gqlpatch: \(commandName): dry run: \(count) line\(count == 1 ? "" : "s") checked\(others); \(commandName == "apply" ? "nothing was sent" : "no write was sent") "
                + "(\(DryRun.authNote(settings)))")
        return .success
    }
}
