import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTransfer
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gqlpatch export`: every record of the chosen models as `apply` lines, parents first
/// (`ExportOrder`). Up to `--concurrency` models are read at once, each model's pages in order, into
/// a part file of its own (a second one for the second-pass lines of a broken cycle); parts are
/// copied into the output in model order as soon as every model before them is, so the output is
/// written model by model and no model is ever held in memory. `--state` records each page and each
/// copy (`ExportState`); the part files then sit beside the state file, and a second run goes on
/// from there.
package struct ExportCommand: Sendable {
    package var options: ExportOptions
    package var settings: Settings
    package var context: RunContext
    /// Where a run without `--state` keeps its part files (`$TMPDIR`, else /tmp).
    package var temporaryBase = "/tmp"
    /// Whether Ctrl-C (and SIGTERM) end the run between pages rather than kill it: the part files
    /// are then removed, or kept for `--state`. Off in tests that run the command in-process.
    package var catchesInterrupt = false
    /// The key of `--mask` (given, or made for the run); nil without masks.
    package var maskKey: [UInt8]?
    /// The key was made for this run (none given): its masks differ from another run's.
    package var maskKeyIsNew = false
    /// Whether a progress line is redrawn on stderr (a terminal).
    package var showsProgress: Bool = isatty(2) == 1

    /// The models' order, each one's query, selection and line, and the masks: every check made.
    func prepare() throws(GQLPatchError) -> ExportPlan {
        try ExportPlan.make(
            models: options.models, conditions: options.conditions, pageSize: options.pageSize,
            includeTimestamps: options.includeTimestamps, masks: options.masks, maskKey: maskKey ?? [],
            catalogue: settings.catalogue, readFile: context.readFile, wording: CommandLineWording())
    }

    /// The notes of a prepared export: a new mask key, the cycles broken, the queries' notes and the
    /// timestamps left out. Said once every model's query is checked: a refused --where is the only message.
    func announce(_ prepared: ExportPlan) {
        let console = context.console
        if prepared.masker != nil, maskKeyIsNew {
            console.message(
                "gqlpatch: note: export: masks made with a new key; give \(OptionName.maskKey) (or GQLPATCH_MASK_KEY) to make the same ones in another run"
            )
        }
        for cycle in prepared.order.cycles { console.message(Self.describe(cycle)) }
        for step in prepared.steps {
            for note in step.query.notes { console.message("gqlpatch: note: \(note)") }
            if !step.line.timestampsNotWritable.isEmpty {
                console.message(
                    "gqlpatch: note: \(step.model.name): the API sets \(step.line.timestampsNotWritable.joined(separator: " and ")) itself (no write takes them); left out"
                )
            }
        }
    }

    package func run() async throws(GQLPatchError) {
        let console = context.console
        let prepared = try prepare()
        announce(prepared)
        let steps = prepared.steps
        if settings.dryRun {
            let planned = try steps.map { (step) throws(GQLPatchError) in
                try ModelPages.planned(
                    model: step.model, selection: step.selection, query: step.query,
                    purpose: "list \(step.model.name), the first page (then each nextToken)")
            }
            try DryRun.print(planned, settings: settings, context: context)
            return
        }
        if settings.output.isTabular {
            let watch = catchesInterrupt ? InterruptWatch() : nil
            watch?.start()
            defer { watch?.stop() }
            try await streamRows(prepared) { watch?.isInterrupted == true ? watch?.exitCode : nil }
            return
        }
        if options.output == nil, options.state == nil, steps.count == 1 {
            // One model: nothing to order or to read side by side, so its pages go out as they come.
            let watch = catchesInterrupt ? InterruptWatch() : nil
            watch?.start()
            defer { watch?.stop() }
            try await streamToStandardOutput(prepared) { watch?.isInterrupted == true ? watch?.exitCode : nil }
            return
        }
        if options.output == nil, settings.verbose {
            console.message(
                "gqlpatch: note: export: \(steps.count) models are read side by side into part files, so each model's lines come once it is read whole (one model at a time streams: export MODEL)"
            )
        }
        let job = try ExportJob(
            models: steps.map(\.model.name), output: options.output, stateFile: options.state,
            temporaryBase: temporaryBase
        ) { saved in
            .usage(
                "\(options.state ?? "") is the state of another export (\(saved.models.joined(separator: ", ")) to \(saved.output)); give its models and \(OptionName.outShort), or another \(OptionName.state) file"
            )
        }
        if job.resumed, let path = options.state { console.message("gqlpatch: note: export: going on from \(path)") }
        let watch = catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }
        let stop: @Sendable () -> ExitCode? = { watch?.isInterrupted == true ? watch?.exitCode : nil }
        // Cleared before any message that follows, and never drawn again after (the flag and the
        // writes share a lock).
        let drawn = LockedValue(false)
        let drawing = showsProgress ? Self.drawProgress(job.progress, console: console, stopped: drawn) : nil
        let endDrawing = {
            drawing?.cancel()
            drawn.withValue { stopped in
                if drawing != nil, !stopped { console.writeErr(ProgressLine.clear) }
                stopped = true
            }
        }
        do throws(GQLPatchError) {
            try await job.write(exportRun(prepared, stop: stop), console: console)
            endDrawing()
        } catch {
            endDrawing()
            let target = job.target
            if let path = options.state {
                console.message(
                    "gqlpatch: note: export stopped; run the same command again to go on from where it stopped (\(path))"
                        + (target.map { "; \($0.path) is untouched until then" } ?? ""))
            } else {
                let kept = target.flatMap { $0.inPlace ? nil : "; \($0.path) is untouched" } ?? ""
                console.message(
                    "gqlpatch: note: export stopped\(kept); run it again to export from the start (with \(OptionName.state) FILE and \(OptionName.outShort) FILE, a stopped export goes on from where it stopped)"
                )
            }
            throw error
        }
        console.message(Self.summary(job.progress.current))
    }

    /// The engine that reads and writes `prepared`.
    func exportRun(_ prepared: ExportPlan, stop: @escaping @Sendable () -> ExitCode?) -> ExportRun {
        ExportRun(
            plan: prepared, includeDeleted: options.includeDeleted, concurrency: options.concurrency,
            sender: CommandSession(settings: settings, context: context).pageRetrying, scrubber: context.secrets,
            stop: stop)
    }
}
