import AWSSigning
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
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

    /// One model to export: how to read it and how to write its records.
    struct Step: Sendable {
        var model: Model
        var query: ListQuery
        var selection: SelectionSet
        var line: ExportLine
    }

    /// What an export reads and writes, checked before anything is read or written.
    struct Prepared: Sendable {
        var order: ExportOrder
        var steps: [Step]
        var masker: RecordMasker?
    }

    /// The models' order, each one's query, selection and line, and the masks: every check made.
    func prepare() throws(GQLPatchError) -> Prepared {
        let catalogue = settings.catalogue
        let order = ExportOrder.plan(try modelNames(), in: catalogue)
        let steps = try order.steps.map { step throws(GQLPatchError) in try plan(step, catalogue: catalogue) }
        let masker =
            options.masks.isEmpty
            ? nil
            : try RecordMasker(
                masks: options.masks, catalogue: catalogue, models: steps.map(\.model.name), key: maskKey ?? [])
        return Prepared(order: order, steps: steps, masker: masker)
    }

    /// The notes of a prepared export: a new mask key, the cycles broken, the queries' notes and the
    /// timestamps left out. Said once every model's query is checked: a refused --where is the only message.
    func announce(_ prepared: Prepared) {
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
        let (steps, masker) = (prepared.steps, prepared.masker)
        if settings.dryRun {
            let documents = DocumentBuilder()
            var planned: [JSONValue] = []
            for step in steps {
                let request = try documents.listQuery(model: step.model, selection: step.selection, query: step.query)
                planned.append(DryRun.step("list \(step.model.name), the first page (then each nextToken)", request))
            }
            try DryRun.print(planned, settings: settings, context: context)
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
        // One run at a time on a state file: a second is refused before it reads or writes anything.
        var lock: FileLock?
        if let path = options.state {
            switch FileLock.acquire(for: path) {
            case .acquired(let held): lock = held
            case .held:
                throw GQLPatchError(
                    .throttled,
                    "another export is running on \(path); wait for it to end (or stop it), then run this one again"
                )
            case .failed(let reason):
                throw GQLPatchError(.ioError, "cannot lock \(path) (through \(path).lock): \(reason)")
            }
        }
        var finished = false
        defer { lock?.release(remove: finished) }
        let parts = try ExportParts(stateFile: options.state, temporaryBase: temporaryBase)
        let models = steps.map(\.model.name)
        var state = ExportState(output: options.output ?? "-", models: models)
        if let path = options.state, let saved = try ExportParts.loadState(path) {
            guard saved.output == state.output, saved.models == models else {
                throw GQLPatchError(
                    .usage,
                    "\(path) is the state of another export (\(saved.models.joined(separator: ", ")) to \(saved.output)); give its models and \(OptionName.outShort), or another \(OptionName.state) file"
                )
            }
            state = saved
            console.message("gqlpatch: note: export: going on from \(path)")
        }
        let progress = ExportProgress(state: state, file: options.state)
        let target = options.output.map { ExportTarget(path: $0, resumable: options.state != nil) }
        let sink = try target.map { target throws(GQLPatchError) in
            do throws(GQLPatchError) {
                return try ExportFile(path: target.working, length: state.outputLength)
            } catch {
                guard !target.inPlace else { throw error }
                throw GQLPatchError(
                    error.code, error.message + " (the export is written there first, then renamed to \(target.path))")
            }
        }
        defer { sink?.finish() }
        let put: @Sendable ([UInt8]) throws(GQLPatchError) -> Void = { bytes throws(GQLPatchError) in
            if let sink { try sink.append(bytes) } else { try console.write(bytes) }
        }
        // Everything before the end line is digested as it is written; the digest so far is kept
        // with the output's length, so a resumed run goes on from the same point.
        let hasher = LockedValue(try Self.digestSoFar(state, working: target?.working, stateFile: options.state))
        let write: @Sendable ([UInt8]) throws(GQLPatchError) -> Void = { bytes throws(GQLPatchError) in
            hasher.withValue { $0.update(data: bytes) }
            try put(bytes)
        }
        let watch = catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }
        let stop: @Sendable () -> ExitCode? = { watch?.isInterrupted == true ? watch?.exitCode : nil }
        // Cleared before any message that follows, and never drawn again after (the flag and the
        // writes share a lock).
        let drawn = LockedValue(false)
        let drawing = showsProgress ? Self.drawProgress(progress, console: console, stopped: drawn) : nil
        let endDrawing = {
            drawing?.cancel()
            drawn.withValue { stopped in
                if drawing != nil, !stopped { console.writeErr(ProgressLine.clear) }
                stopped = true
            }
        }
        do throws(GQLPatchError) {
            if progress.current.outputLength == 0 {
                let header = ExportHeader(models: models).line
                try write(header)
                try progress.update { state in
                    state.outputLength = header.count
                    state.digest = hasher.current.saved
                }
            }
            try await readAndWrite(
                steps, parts: parts, progress: progress, masker: masker, stop: stop, write: write, hasher: hasher)
            try put(Self.trailer(progress.current, digest: hasher.current.finalize().hexString).line)
            if options.output == nil { try console.checkOutput() }
            endDrawing()
        } catch {
            endDrawing()
            if let path = options.state {
                console.message(
                    "gqlpatch: note: export stopped; run the same command again to go on from where it stopped (\(path))"
                        + (target.map { "; \($0.path) is untouched until then" } ?? "")
                )
            } else {
                parts.remove(models.count)
                target?.discard()
                let kept = target.flatMap { $0.inPlace ? nil : "; \($0.path) is untouched" } ?? ""
                console.message(
                    "gqlpatch: note: export stopped\(kept); run it again to export from the start (with \(OptionName.state) FILE and \(OptionName.outShort) FILE, a stopped export goes on from where it stopped)"
                )
            }
            throw error
        }
        if let target, let sink { try target.commit(sink) }
        parts.remove(models.count)
        if let path = options.state { _ = try? PrivateFiles.remove(path) }
        finished = true
        console.message(Self.summary(progress.current))
    }

    /// The models to export, in the schema's order or as named.
    private func modelNames() throws(GQLPatchError) -> [String] {
        let catalogue = settings.catalogue
        guard !options.models.isEmpty else {
            return catalogue.modelNames.filter { catalogue.models[$0]?.operations.list != nil }
        }
        var names: [String] = []
        for name in options.models {
            let model = try ModelLookup.model(named: name, in: catalogue)
            guard model.operations.list != nil else {
                throw .invalidInput("the API has no list query for \(model.name)")
            }
            if !names.contains(model.name) { names.append(model.name) }
        }
        return names
    }

    private func plan(_ step: ExportOrder.Step, catalogue: ModelCatalogue) throws(GQLPatchError) -> Step {
        let model = try ModelLookup.model(named: step.model, in: catalogue)
        let query = try ListArgumentsBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        ).query(model: model, tests: options.conditions, filter: nil, sort: nil, pageSize: options.pageSize)
        var (_, selection) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: nil)
        let line = ExportLine(
            model: model, catalogue: catalogue, includeTimestamps: options.includeTimestamps,
            deferredFields: step.deferredFields)
        // A field the default selection leaves out as a guess (implicit timestamps) is read when written.
        for name in line.fields + line.deferredFields
        where model.field(name)?.isImplicit == true && !selection.contains(name) {
            selection.fields.append(SelectionSet.Field(name: name))
        }
        return Step(model: model, query: query, selection: selection, line: line)
    }

    /// Reads the models `--concurrency` at a time and copies each one's part into the output once
    /// every model before it is there; then the second-pass parts, in the same order.
    private func readAndWrite(
        _ steps: [Step], parts: ExportParts, progress: ExportProgress, masker: RecordMasker?,
        stop: @escaping @Sendable () -> ExitCode?,
        write: @escaping @Sendable ([UInt8]) throws(GQLPatchError) -> Void, hasher: LockedValue<SHA256>
    ) async throws(GQLPatchError) {
        let session = CommandSession(settings: settings, context: context)
        let sender = session.pageRetrying
        let pending = steps.indices.filter { !progress.current.steps[$0].read }
        var head = 0
        // Copies every model from `head` on whose pages are all read.
        func flush() throws(GQLPatchError) {
            while head < steps.count, progress.current.steps[head].read {
                let done = progress.current.steps[head]
                if !done.written {
                    try ExportFile.copy(parts.first(head), length: done.partLength, to: write)
                    try progress.update { state in
                        state.steps[head].written = true
                        state.outputLength += done.partLength
                        state.digest = hasher.current.saved
                    }
                }
                parts.removeFirst(head)
                head += 1
            }
        }
        let concurrency = max(1, options.concurrency)
        let includeDeleted = options.includeDeleted
        let scrubber = context.secrets
        let result: Result<Void, GQLPatchError> = await withTaskGroup(of: Result<Int, GQLPatchError>.self) { group in
            var next = 0
            func start() {
                guard next < pending.count else { return }
                let index = pending[next]
                next += 1
                let step = steps[index]
                group.addTask {
                    do throws(GQLPatchError) {
                        try await Self.read(
                            step, index: index, includeDeleted: includeDeleted, parts: parts, progress: progress,
                            sender: sender, scrubber: scrubber, masker: masker, stop: stop)
                        return .success(index)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for _ in 0..<concurrency { start() }
            do throws(GQLPatchError) {
                try flush()
                for await finished in group {
                    _ = try finished.get()
                    try flush()
                    start()
                }
                return .success(())
            } catch {
                group.cancelAll()
                return .failure(error)
            }
        }
        try result.get()
        for index in steps.indices where !steps[index].line.deferredFields.isEmpty {
            let done = progress.current.steps[index]
            guard !done.secondWritten else { continue }
            try ExportFile.copy(parts.second(index), length: done.secondLength, to: write)
            try progress.update { state in
                state.steps[index].secondWritten = true
                state.outputLength += done.secondLength
                state.digest = hasher.current.saved
            }
        }
    }

    /// The digest of the output's bytes `state` records: the one it saved, or (when it has none for
    /// bytes written) the working file's bytes digested again.
    static func digestSoFar(_ state: ExportState, working: String?, stateFile: String?) throws(GQLPatchError)
        -> SHA256
    {
        let name = stateFile ?? "the export state"
        if state.outputLength == 0 { return SHA256() }
        if !state.digest.isEmpty {
            guard let saved = SHA256(saved: state.digest) else {
                throw GQLPatchError(.invalidInput, "\(name) is damaged (its digest); remove it and export again")
            }
            return saved
        }
        guard let working else {
            throw GQLPatchError(
                .invalidInput, "\(name) holds no digest of the lines written to standard output; export again")
        }
        var hasher = SHA256()
        try ExportFile.copy(working, length: state.outputLength) { bytes in hasher.update(data: bytes) }
        return hasher
    }

    /// The end line of an export whose lines `state` counts and `digest` digests.
    static func trailer(_ state: ExportState, digest: String) -> ExportTrailer {
        let lines = state.steps.reduce(0) { $0 + $1.records + $1.secondLines }
        return ExportTrailer(
            lines: lines, records: state.steps.map { ($0.model, $0.records) },
            updates: state.steps.filter { $0.secondLines > 0 }.map { ($0.model, $0.secondLines) }, sha256: digest)
    }

    /// Reads `step`'s pages from where its progress says, appending each page's lines to its part
    /// files and recording the page after it is written. A credential the server put into a record
    /// is written as `[redacted]` (`scrubber`): no file gqlpatch writes holds one.
    private static func read(
        _ step: Step, index: Int, includeDeleted: Bool, parts: ExportParts, progress: ExportProgress,
        sender: RetryingSender, scrubber: SecretScrubber?, masker: RecordMasker?, stop: @Sendable () -> ExitCode?
    ) async throws(GQLPatchError) {
        let saved = progress.current.steps[index]
        let first = try ExportFile(path: parts.first(index), length: saved.partLength)
        defer { first.finish() }
        let hasSecond = !step.line.deferredFields.isEmpty
        let second = hasSecond ? try ExportFile(path: parts.second(index), length: saved.secondLength) : nil
        defer { second?.finish() }
        var pages = ModelPages(
            model: step.model, selection: step.selection, query: step.query, sender: sender, from: saved.nextToken)
        while true {
            // Another model failed: the run is ending, and this page would not be copied.
            if Task.isCancelled { throw GQLPatchError(.interrupted, "export cancelled") }
            // Ctrl-C: the page in flight finished and was recorded; the run ends here.
            if let code = stop() {
                throw GQLPatchError(code, "export interrupted (\(code == .terminated ? "SIGTERM" : "Ctrl-C"))")
            }
            guard let page = try await pages.next() else { return }
            let (firstBytes, secondBytes, records, secondLines) = try lines(
                of: page.items, step: step, includeDeleted: includeDeleted, masker: masker, scrubber: scrubber,
                second: hasSecond)
            try first.append(firstBytes)
            if let second { try second.append(secondBytes) }
            let token = page.nextToken
            try progress.update { state in
                state.steps[index].nextToken = token
                state.steps[index].read = token == nil
                state.steps[index].records += records
                state.steps[index].secondLines += secondLines
                state.steps[index].partLength += firstBytes.count
                state.steps[index].secondLength += secondBytes.count
            }
            guard token != nil else { return }
        }
    }

    /// A page's records as export lines (masked, credentials scrubbed): the first-pass lines and,
    /// when `second`, the second-pass updates, with how many of each.
    static func lines(
        of items: [JSONValue], step: Step, includeDeleted: Bool, masker: RecordMasker?, scrubber: SecretScrubber?,
        second: Bool
    ) throws(GQLPatchError) -> (first: [UInt8], second: [UInt8], records: Int, secondLines: Int) {
        var firstBytes: [UInt8] = []
        var secondBytes: [UInt8] = []
        var records = 0
        var secondLines = 0
        for item in items {
            guard var record = item.objectValue else { continue }
            if record["_deleted"] == .bool(true), !includeDeleted { continue }
            if let masker { record = masker.mask(record, model: step.model.name) }
            guard let line = step.line.line(for: record) else {
                throw GQLPatchError(
                    .badResponse, "\(step.query.field) returned a \(step.model.name) record without its key")
            }
            firstBytes += JSONPrinter.line(line)
            records += 1
            if second, let update = step.line.secondLine(for: record) {
                secondBytes += JSONPrinter.line(update)
                secondLines += 1
            }
        }
        if let scrubber {
            firstBytes = scrubber.scrub(firstBytes)
            secondBytes = scrubber.scrub(secondBytes)
        }
        return (firstBytes, secondBytes, records, secondLines)
    }

    /// `gqlpatch: note: export: Comment refers to itself (parentID): ...`, for a cycle found.
    static func describe(_ cycle: ExportOrder.Cycle) -> String {
        let path = (cycle.models + [cycle.models[0]]).joined(separator: " -> ")
        guard let link = cycle.broken else {
            return
                "gqlpatch: warning: export: a cycle of required references (\(path)): \(cycle.models[0]) records are written before the \(cycle.models.count > 1 ? cycle.models[1] : cycle.models[0]) records they refer to"
        }
        let fields = link.fields.joined(separator: ", ")
        return
            "gqlpatch: note: export: a cycle of references (\(path)): \(link.holder).\(fields) is left out of the first pass and set by update lines at the end"
    }

    /// Redraws the progress line every 0.2 s until cancelled.
    private static func drawProgress(_ progress: ExportProgress, console: Console, stopped: LockedValue<Bool>)
        -> Task<Void, Never>
    {
        Task {
            while !Task.isCancelled {
                let text = ProgressLine.clear + progressText(progress.current)
                stopped.withValue { stopped in if !stopped { console.writeErr(text) } }
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    /// `3/5 models read  12,345 records  reading Comment 2,000, Tag 300`.
    static func progressText(_ state: ExportState) -> String {
        let read = state.steps.filter(\.read).count
        let records = state.steps.reduce(0) { $0 + $1.records }
        var text = "\(read)/\(state.steps.count) models read  \(grouped(records)) records"
        let reading = state.steps.filter { !$0.read && $0.records > 0 }
        if !reading.isEmpty {
            text +=
                "  reading " + reading.prefix(4).map { "\($0.model) \(grouped($0.records))" }.joined(separator: ", ")
        }
        return text
    }

    /// `gqlpatch: export: Item 1,234 records, Order 12 records (3 second-pass updates)`.
    static func summary(_ state: ExportState) -> String {
        let counts = state.steps.map { "\($0.model) \(grouped($0.records)) record\($0.records == 1 ? "" : "s")" }
        let updates = state.steps.reduce(0) { $0 + $1.secondLines }
        let second = updates > 0 ? " (\(grouped(updates)) second-pass update\(updates == 1 ? "" : "s"))" : ""
        return "gqlpatch: export: " + (counts.isEmpty ? "no models" : counts.joined(separator: ", ")) + second
    }

    /// 1234567 as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
