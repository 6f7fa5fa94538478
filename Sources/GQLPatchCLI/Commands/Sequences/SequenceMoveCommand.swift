import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gqlpatch insert` and `gqlpatch renumber`: read the sequence (its key query, every page,
/// tombstones kept), plan the moves (`SequencePlanner`), refuse before sending anything what cannot be
/// done (a versioned key move, which would leave tombstones where rows must land), write the plan as
/// `apply` lines (`SequenceBatch`) beside the journal, and run it through `apply`'s machinery: one
/// line at a time in plan order, `--atomic` (a failure undoes every move made, last first), journaled
/// (a resume finishes the same plan). Prints `{"op": "moved", "from": KEY, "to": KEY}` per move and
/// then the new row.
package struct SequenceMoveCommand: Sendable {
    package enum Request: Sendable {
        case insert(InsertOptions)
        case renumber(RenumberOptions)
    }

    package var request: Request
    package var commandRun: CommandRun

    package init(_ request: Request, run: CommandRun) {
        self.request = request
        self.commandRun = run
    }

    var context: RunContext { commandRun.context }
    var console: Console { commandRun.context.console }

    var name: String {
        switch request {
        case .insert: return "insert"
        case .renumber: return "renumber"
        }
    }

    var modelName: String? {
        switch request {
        case .insert(let options): return options.model
        case .renumber(let options): return options.model
        }
    }

    /// `--journal`, `--resume`, `--max-attempts`.
    private var runOptions: SequenceRunOptions {
        switch request {
        case .insert(let options): return options.run
        case .renumber(let options): return options.run
        }
    }

    private var resumeJournal: String? { runOptions.resume }

    private var journalOption: String? { runOptions.journal }

    var viaGap: Bool {
        guard case .insert(let options) = request else { return false }
        return options.viaGap
    }

    var maxAttempts: Int { runOptions.maxAttempts }

    /// The plan file beside a journal.
    package static func planPath(journal: String) -> String { journal + ".plan" }

    package func run() async throws(GQLPatchError) -> ExitCode {
        if let journal = resumeJournal { return try await resume(journal) }
        guard let modelName else { throw .usage("\(name) needs a model name: gqlpatch \(name) <Model> ...") }
        let settings = try commandRun.settings(sending: .evenOnDryRun, focus: CatalogueFocus(models: [modelName]))
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: modelName, in: catalogue)
        let wording = CommandLineWording()
        let (parent, field, source): ([FieldAssignment], String, InputSource) = {
            switch request {
            case .insert(let options): return (options.parent, options.field, .insertAt)
            case .renumber(let options): return (options.parent, options.field, .renumberField)
            }
        }()
        let sequence = try SequenceDescription.resolve(
            model: model, parent: parent, orderField: field, orderSource: source, catalogue: catalogue,
            readFile: context.readFile, wording: wording)
        try VersionScheme.checkWritable(model)
        let versioned = RecordService.isVersioned(model, under: settings.options.conflictResolution)
        let newRow = try newRowInput(sequence, catalogue: catalogue)

        let session = CommandSession(settings: settings, context: context)
        let sender = RetryingSender(
            client: session.client, policy: RetryPolicy(maxAttempts: maxAttempts))
        let reader = SequenceReader(
            service: session.records(send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                let outcome = await sender.send(request)
                return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
            }))
        let selection = reader.selection(
            for: sequence,
            adding: SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model))
        let rows = try await reader.rows(sequence, selection: selection)
        let live = rows.filter { !$0.isDeleted }
        let plan = try makePlan(live: live.map(\.number), all: rows)
        try checkTombstones(plan, sequence: sequence, rows: rows, versioned: versioned)
        // A versioned model's deletes cannot be undone: its key moves (--via-gap only) run without
        // --atomic, copies first, and a failure removes the copies of the rows not moved instead.
        let undoable = !(sequence.numberIsInKey && versioned)

        var batch = SequenceBatch(catalogue: catalogue, model: model, field: field, versioned: versioned)
        try batch.add(
            plan, rows: Dictionary(live.map { ($0.number, $0.record) }, uniquingKeysWith: { a, _ in a }),
            copiesFirst: !undoable)
        if var input = newRow, let number = plan.newRow {
            input[field] = .int(number)
            batch.addNewRow(input)
        }
        if settings.options.dryRun {
            return try dryRun(batch)
        }
        if batch.lines.isEmpty {
            console.message("gqlpatch: \(name): \(sequence.parentName): nothing to move; nothing was written")
            return .success
        }
        let files = try journalFiles()
        try PrivateFiles.write(batch.text, to: files.plan)
        return try await execute(
            settings: settings, lines: batch.lines, field: field, files: files, resuming: false, atomic: undoable)
    }

    // MARK: - Planning

    private func makePlan(live: [Int], all rows: [SequenceRow]) throws(GQLPatchError) -> SequencePlan {
        switch request {
        case .insert(let options):
            return try SequencePlanner.insert(
                at: options.position, numbers: live, highestUsed: rows.map(\.number).max(), viaGap: options.viaGap,
                field: options.field)
        case .renumber(let options):
            return try SequencePlanner.renumber(
                numbers: live, start: options.start, step: options.step, field: options.field)
        }
    }

    /// The new row's typed create input without its number (insert only): the parent, the values.
    private func newRowInput(_ sequence: SequenceDescription, catalogue: ModelCatalogue) throws(GQLPatchError)
        -> JSONObject?
    {
        guard case .insert(let options) = request else { return nil }
        for value in options.values {
            if value.field == sequence.orderField {
                throw .usage("--set \(value.field): the new row's \(value.field) is the one --at gives")
            }
            if sequence.parent[value.field] != nil {
                throw .usage("--set \(value.field): the new row's \(value.field) is the parent's, given with --key")
            }
        }
        var patch: JSONObject?
        if let path = options.patch {
            patch = try PatchFile.read(path, readFile: context.readFile, wording: CommandLineWording())
        }
        let placed =
            sequence.parent.map { FieldAssignment(field: $0.key, value: .json($0.value.serialized())) }
            + [FieldAssignment(field: sequence.orderField, value: .json(String(options.position)))]
        let built = try CreateInputBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        )
        .build(model: sequence.model, patch: patch, values: placed + options.values)
        var input = built.input
        input[sequence.orderField] = nil
        return input
    }

    /// A versioned model's delete is soft: the old key stays as a tombstone that cannot be created
    /// again. So its key moves can neither land on a number any row holds or held (a row moving away
    /// leaves a tombstone behind it) nor be undone by `--atomic`: they are refused before anything is
    /// sent (exit 65) unless every row lands above the numbers used (`insert --via-gap`, `renumber
    /// --start` past the largest), where they run copies first and a failure removes copies instead.
    private func checkTombstones(
        _ plan: SequencePlan, sequence: SequenceDescription, rows: [SequenceRow], versioned: Bool
    ) throws(GQLPatchError) {
        guard sequence.numberIsInKey, versioned else { return }
        let tombstones = Set(rows.filter(\.isDeleted).map(\.number))
        let used = Set(rows.map(\.number))
        let targets = plan.moves.map(\.to) + (plan.newRow.map { [$0] } ?? [])
        // Without moves, the new row only needs a number no tombstone holds.
        guard let number = targets.first(where: { plan.moves.isEmpty ? tombstones.contains($0) : used.contains($0) })
        else { return }
        let model = sequence.model.name
        let field = sequence.orderField
        let why =
            tombstones.contains(number)
            ? "which a deleted row's tombstone holds"
            : "which the row moving away from it would leave as a tombstone"
        let hint =
            name == "insert"
            ? "--via-gap puts the new row and the moved rows above every number used"
            : "--start \((used.max() ?? 0) + 1) or more puts the rows above every number used"
        throw .invalidInput(
            "\(sequence.parentName): the \(name) would write \(model) \(field)=\(number), \(why) (\(model) is versioned: a deleted key stays until its TTL and cannot be created again, and a move cannot be undone); \(hint); nothing was sent"
        )
    }

    // MARK: - Files

    struct Files {
        var journal: String
        var plan: String
        /// A private temporary folder of this run (removed when the run ends cleanly).
        var temporary: Bool
        var folder: String?
    }

    private func journalFiles() throws(GQLPatchError) -> Files {
        if let journal = journalOption {
            let plan = Self.planPath(journal: journal)
            // An empty journal already there (`mktemp`) is used, as `apply` uses one.
            for path in [journal, plan] where Self.exists(path) && !(path == journal && Self.isEmptyFile(path)) {
                throw .usage(
                    "\(path) already exists: 'gqlpatch \(name) --resume \(journal)' continues that run, or remove the files"
                )
            }
            return Files(journal: journal, plan: plan, temporary: false)
        }
        let base = commandRun.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/gqlpatch-\(name)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw GQLPatchError(
                .ioError,
                "cannot make a folder for the \(name)'s journal in \(base): \(String(cString: strerror(errno)))")
        }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let journal = folder + "/journal"
        return Files(journal: journal, plan: Self.planPath(journal: journal), temporary: true, folder: folder)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func isEmptyFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0
    }

    private func removeTemporary(_ files: Files) {
        guard files.temporary, let folder = files.folder else { return }
        unlink(files.journal)
        unlink(files.plan)
        rmdir(folder)
    }

    // MARK: - Running the plan

    func execute(
        settings: Settings, lines: [JSONValue], field: String, files: Files, resuming: Bool, atomic: Bool
    ) async throws(GQLPatchError) -> ExitCode {
        var options = ApplyOptions()
        options.path = files.plan
        options.concurrency = 1
        options.atomic = atomic
        options.journal = files.journal
        options.resume = resuming
        options.maxAttempts = maxAttempts
        var apply = ApplyCommand(options: options, settings: settings, context: context)
        apply.commandName = name
        let report = SequenceReport(lines: lines, field: field)
        apply.lineOutput = { result in report.output(for: result) }
        let code: ExitCode
        do {
            code = try await apply.run()
        } catch {
            if Self.exists(files.journal) {
                console.message(
                    "gqlpatch: note: the \(name)'s journal is \(files.journal); 'gqlpatch \(name) --resume \(files.journal)' finishes it"
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
            let repaired = try await removeCopies(settings: settings, report: report, files: files)
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
                "gqlpatch: note: the \(name) stopped part-way; 'gqlpatch \(name) --resume \(files.journal)' finishes it"
            )
            return code
        }
    }

    // MARK: - Dry run

    private func dryRun(_ batch: SequenceBatch) throws(GQLPatchError) -> ExitCode {
        let report = SequenceReport(lines: batch.lines, field: batch.field)
        var bytes: [UInt8] = []
        var moves = 0
        for index in batch.lines.indices {
            for value in report.planned(line: index + 1) {
                if value["op"] == "move" { moves += 1 }
                value.write(to: &bytes, pretty: false)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        try console.write(bytes)
        console.message(
            "gqlpatch: \(name): dry run: \(moves) move\(moves == 1 ? "" : "s") planned; nothing was written")
        return .success
    }
}
