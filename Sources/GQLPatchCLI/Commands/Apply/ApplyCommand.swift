import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
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
    /// What to print for each line's result instead of its `apply` line (`insert` and `renumber`
    /// print their moves); nil: the `apply` line.
    package var lineOutput: (@Sendable (LineResult) -> [JSONValue])?
    /// The command the summary names (`insert` and `renumber` run their moves as a batch).
    package var commandName = "apply"
    /// The command that goes on from where a journaled run stopped (`gqlpatch ... --resume`); nil
    /// when none is told (`insert` and `renumber` say their own).
    package var resumeCommand: String?

    /// At most this many invalid lines of a file are reported.
    package static let maximumReportedErrors = 20

    /// A file of at most this many operations keeps them from the whole-file check for the run, so
    /// each line is parsed once; a longer one is parsed again line by line as it runs (memory flat).
    package static let keptOperations = 50_000

    /// Lines read and parsed together by the whole-file check.
    static let checkedChunk = 4096

    /// Runs the batch over a transport made for it (gqlpatch's own event loop, or libcurl's through
    /// a proxy: many requests in flight on one thread); what was resolved before (credentials,
    /// sign-in) keeps the run's own.
    package func run() async throws(GQLPatchError) -> ExitCode {
        let source = try BatchLineSource(path: options.path)
        let parser = BatchLineParser(
            catalogue: settings.catalogue, conflictResolution: settings.options.conflictResolution,
            atomic: options.atomic,
            wantsDigest: options.journal != nil, wording: ApplyLineWording(run: CommandLineWording()),
            journaled: options.journal != nil)
        var journal: BatchJournal?
        var check: BatchJournalCheck?
        // A resumed journal is read first, so that a file is matched against it before anything is sent.
        if let path = options.journalPath, options.resume, !settings.options.dryRun {
            let (opened, state) = try BatchJournal.resume(path: path)
            if state.atomic != options.atomic {
                throw .usage(
                    "the journal \(path) was written \(state.atomic ? "with" : "without") --atomic; resume it the same way"
                )
            }
            journal = opened
            check = BatchJournalCheck(state: state, journalPath: path, inputName: source.name)
        }
        var total: Int?
        var checked: [BatchOperation]?
        if !options.readsStandardInput {
            (total, checked) = try checkWhole(source, parser: parser, journal: &check)
            try check?.checkAllMatched()
            try source.rewind()
        }
        if settings.options.dryRun {
            return try dryRun(source, parser: parser)
        }
        // A transport that cannot send (libssl or, through a proxy, libcurl missing) stops the run
        // here, once, before anything is sent, rather than failing every line.
        var batch = self
        let made = try context.batchTransport(endpoint: settings.endpoint ?? "")
        batch.context.transport = made.transport
        return try await batch.send(
            source, parser: parser, checked: checked, total: total, journal: journal, check: check,
            executor: made.executor)
    }

    private func send(
        _ source: BatchLineSource, parser: BatchLineParser, checked: [BatchOperation]?, total: Int?,
        journal: BatchJournal?, check: BatchJournalCheck?, executor: (any TaskExecutor)?
    ) async throws(GQLPatchError) -> ExitCode {
        var journal = journal
        if options.preview {
            return try await preview(source, parser: parser)
        }
        if let check, check.state.input != source.name {
            context.console.message(
                "gqlpatch: warning: the journal \(check.journalPath) was written for \(check.state.input), not \(source.name)"
            )
        }
        if let path = options.journalPath, !options.resume {
            journal = try BatchJournal.create(
                path: path, input: source.name, atomic: options.atomic, wording: CommandLineWording())
        }
        journal?.secrets = context.secrets
        var run = BatchRun(
            plan: plan, client: settings.client(over: context.transport, console: context.console),
            catalogue: settings.catalogue, console: context.console, source: source, parser: parser, checked: checked,
            total: total, journal: journal, check: check)
        let executor = runsOnTransportThread ? executor : nil
        if executor != nil, settings.options.verbose {
            context.console.message("gqlpatch: apply: the batch runs on the HTTP thread (input and stdout are files)")
        }
        return try await withTaskExecutorPreference(executor) {
            () async throws(GQLPatchError) -> ExitCode in
            try await run.execute()
        }
    }

    /// The batch's plan: the options and settings it runs by, and what it prints.
    private var plan: BatchRunPlan {
        var plan = BatchRunPlan(
            concurrency: options.concurrency, maxAttempts: options.maxAttempts,
            retryConflicts: settings.options.retryConflicts, conflictResolution: settings.options.conflictResolution)
        plan.rate = options.rate
        plan.adaptiveRate = options.adaptiveRate
        plan.atomic = options.atomic
        plan.continueOnError = options.continueOnError
        plan.shard = options.shard
        plan.sleep = sleep
        plan.random = random
        plan.showsProgress = showsProgress
        plan.catchesInterrupt = catchesInterrupt
        plan.lineOutput = lineOutput
        plan.commandName = commandName
        plan.resumeCommand = resumeCommand
        return plan
    }

    /// Whether the run's tasks go on the transport's own thread (its event loop's), beside its transfers: a
    /// batch then makes no thread hand-offs (a quarter of its CPU time went to them: `make bench`).
    /// Only when nothing the run does can wait long, since a wait there stops every transfer in
    /// flight and lets their timeouts run out: the input is a file, stdout a file or `/dev/null`,
    /// and no progress line is drawn on a terminal. Otherwise the default executor.
    private var runsOnTransportThread: Bool {
        !options.readsStandardInput && context.console.stdoutNeverStalls && !showsProgress
    }

    // MARK: - Checking a file whole

    /// Checks every line of a file; prints each bad line's error and throws 65 when there is one.
    /// Matches each line against a resumed journal (a mismatch throws 65 at once). Returns the number
    /// of the run's own operations (non-blank lines of its shard) and, for a file of at most
    /// `keptOperations` lines, every line's operation in order.
    private func checkWhole(
        _ source: BatchLineSource, parser: BatchLineParser, journal check: inout BatchJournalCheck?
    ) throws(GQLPatchError) -> (count: Int, operations: [BatchOperation]?) {
        var count = 0
        var ownCount = 0
        var errors = 0
        var operations: [BatchOperation]? = []
        var chunk: [JSONLine] = []
        var ended = false
        checking: while !ended {
            // Lines are parsed a chunk at a time, on every core; the results are taken in input order.
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < Self.checkedChunk {
                guard let line = try source.next() else {
                    ended = true
                    break
                }
                if !line.isBlank { chunk.append(line) }
            }
            for (line, result) in zip(chunk, parser.parseAll(chunk)) {
                count += 1
                ownCount += 1
                let operation: BatchOperation
                switch result {
                case .success(let parsed):
                    operation = parsed
                case .failure(let error):
                    errors += 1
                    context.console.message(error.rendered(source: source.name))
                    if errors == Self.maximumReportedErrors { break checking }
                    continue
                }
                // Every line is checked (one bad line fails the file in every shard); only the shard's
                // own count for the progress line and the journal.
                if !options.applies(operation) { ownCount -= 1 } else { _ = try check?.isDone(line) { operation } }
                if count > Self.keptOperations {
                    operations = nil
                } else {
                    operations?.append(operation)
                }
            }
        }
        if errors > 0 {
            let more = errors == Self.maximumReportedErrors ? " (checking stopped after \(errors) errors)" : ""
            throw .invalidInput(
                "\(errors) invalid line\(errors == 1 ? "" : "s") in \(source.name)\(more); nothing was sent")
        }
        return (ownCount, operations)
    }

    // MARK: - Preview

    /// Reads each line's record (one at a time) and prints what the line would change as JSON Lines:
    /// `{"line", "key", "changes": {F: {"from", "to"}}}` for an update (or an upsert of an existing
    /// record), `"create"` for a create (or an upsert of an absent one), `"delete"` for a delete;
    /// `"error"` where the record is not there to update or delete (or there already to create).
    private func preview(_ source: BatchLineSource, parser: BatchLineParser) async throws(GQLPatchError) -> ExitCode {
        let session = CommandSession(settings: settings, context: context)
        let records = session.records()
        let selections = DefaultSelections(
            builder: SelectionBuilder(catalogue: settings.catalogue, wording: CommandLineWording()))
        var count = 0
        let console = context.console
        // One JSON line of the preview on stdout.
        func writeLine(_ entry: JSONObject) throws(GQLPatchError) {
            var bytes: [UInt8] = []
            JSONValue.object(entry).write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
            console.writeOut(bytes)
            try console.checkOutput()
            count += 1
        }
        while let line = try source.next() {
            if line.isBlank { continue }
            let operation: BatchOperation
            do {
                operation = try parser.parse(line)
            } catch {
                context.console.message(error.rendered(source: source.name))
                throw .invalidInput("\(source.name) line \(error.line) is invalid; the preview stopped there")
            }
            guard options.applies(operation) else { continue }
            if let sequence = operation.sequence {
                // Its number is known only when it runs: nothing to read for it.
                var input = ChangeSet(key: operation.key, changes: operation.changes).input(version: nil)
                input[sequence.orderField] = .string("<the largest \(sequence.orderField) of the parent, plus one>")
                let entry = JSONObject([
                    ("line", .int(operation.line)), ("key", .object(operation.key)), ("create", .object(input)),
                ])
                try writeLine(entry)
                continue
            }
            let model = operation.model
            var selection = selections.selection(for: model)
            if operation.versioned { selection = RecordService.withSyncFields(selection) }
            let read = try await records.read(model, key: operation.key, selection: selection)
            let record = read.record.flatMap { found in found["_deleted"] == JSONValue.bool(true) ? nil : found }
            var entry = JSONObject([("line", .int(operation.line)), ("key", .object(operation.key))])
            switch (operation.kind, record) {
            case (.update, let record?), (.upsert, let record?):
                let changeSet = ChangeSet(key: operation.key, changes: operation.changes, edits: operation.edits)
                entry["changes"] = .object(
                    try ChangePreview(catalogue: settings.catalogue, model: model).differences(
                        record: record, changeSet: changeSet))
            case (.upsert, nil):
                entry["create"] = .object(
                    ChangeSet(key: operation.key, changes: operation.createFields).input(version: nil))
            case (.create, nil):
                entry["create"] = .object(ChangeSet(key: operation.key, changes: operation.changes).input(version: nil))
            case (.delete, let record?):
                entry["delete"] = .object(record)
            case (.create, .some):
                entry["error"] = .string("\(operation.recordName) already exists")
            case (.update, nil), (.delete, nil):
                entry["error"] = .string("no \(operation.recordName)")
            }
            try writeLine(entry)
        }
        context.console.message(
            "gqlpatch: apply: preview of \(count) line\(count == 1 ? "" : "s"); nothing was written")
        return .success
    }

    // MARK: - Dry run

    /// Prints each line's planned request (standard input: checked line by line; a bad line stops with 65).
    private func dryRun(_ source: BatchLineSource, parser: BatchLineParser) throws(GQLPatchError) -> ExitCode {
        let documents = DocumentBuilder()
        let selections = SelectionBuilder(catalogue: settings.catalogue, wording: parser.wording)
        let out = context.console
        var output: [UInt8] = []
        var count = 0
        var otherShards = 0
        while let line = try source.next() {
            if line.isBlank { continue }
            let operation: BatchOperation
            do {
                operation = try parser.parse(line)
            } catch {
                try out.write(output)
                context.console.message(error.rendered(source: source.name))
                throw .invalidInput("\(source.name) line \(error.line) is invalid; the dry run stopped there")
            }
            if !options.applies(operation) {
                otherShards += 1
                continue
            }
            if operation.kind != .create {
                do throws(GQLPatchError) {
                    try VersionScheme.checkWritable(operation.model)
                } catch {
                    try out.write(output)
                    throw error
                }
            }
            let selection = selections.defaultSelection(for: operation.model)
            let request: GraphQLRequestBody
            var input = ChangeSet(key: operation.key, changes: operation.changes).input(version: nil)
            let scheme = VersionScheme.of(operation.model)
            let fetched = JSONValue.string("<\(scheme.recordField) from a get>")
            // An edited field's new value is worked out from the record a get reads first.
            for edit in operation.edits { input[edit.field] = .string("<\(edit.field) from a get, edited>") }
            var createIfAbsent: GraphQLRequestBody?
            switch operation.kind {
            case .update, .upsert:
                if operation.versioned { input[scheme.inputField] = fetched }
                request = try documents.updateMutation(
                    model: operation.model, selection: selection, input: input, condition: operation.condition)
                if operation.kind == .upsert {
                    createIfAbsent = try documents.createMutation(
                        model: operation.model, selection: selection,
                        input: ChangeSet(key: operation.key, changes: operation.createFields).input(version: nil))
                }
            case .create:
                if let sequence = operation.sequence {
                    input[sequence.orderField] = .string(
                        "<the largest \(sequence.orderField) of the parent, plus one (\(operation.start) when there is none)>"
                    )
                }
                request = try documents.createMutation(
                    model: operation.model, selection: selection, input: input, condition: operation.condition)
            case .delete:
                if operation.versioned { input[scheme.inputField] = fetched }
                request = try documents.deleteMutation(
                    model: operation.model, selection: selection, input: input, condition: operation.condition)
            }
            var plannedLine = JSONObject([
                ("line", .int(operation.line)), ("status", "planned"), ("op", .string(operation.kind.rawValue)),
                ("key", .object(operation.key)), ("query", .string(request.query)),
                ("variables", .object(request.variables)),
            ])
            if let createIfAbsent {
                plannedLine["ifAbsent"] = .object(
                    JSONObject([
                        ("query", .string(createIfAbsent.query)), ("variables", .object(createIfAbsent.variables)),
                    ]))
            }
            let planned = JSONValue.object(plannedLine)
            planned.write(to: &output, pretty: false)
            output.append(UInt8(ascii: "\n"))
            count += 1
            if output.count >= 1 << 16 {
                try out.write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        if !output.isEmpty { try out.write(output) }
        let others =
            otherShards > 0 ? " (\(otherShards) other shards' line\(otherShards == 1 ? "" : "s") left out)" : ""
        context.console.message(
            "gqlpatch: apply: dry run: \(count) line\(count == 1 ? "" : "s") checked\(others); nothing was sent "
                + "(\(DryRun.authNote(settings)))")
        return .success
    }
}
