import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension SequenceRun {
    /// Reads the plan a run of `command` wrote beside `journal` (`JOURNAL.plan`), for a resume.
    package static func readPlan(journal: String, command name: String) throws(GQLPatchError) -> SequencePlanFile {
        let planPath = planPath(journal: journal)
        let bytes: [UInt8]
        switch PrivateFiles.read(planPath, maxBytes: InputLimit.journal.maxBytes, forbiddenModeBits: 0o022) {
        case .contents(let read): bytes = read
        case .missing:
            throw .unreadableFile("cannot read \(planPath): no such file (the plan \(name) wrote beside \(journal))")
        case .notOurs:
            throw .invalidInput("the plan \(planPath) is not a regular file of this user; refusing to resume from it")
        case .tooOpen(let mode):
            throw .invalidInput(
                "the plan \(planPath) can be written by other users (mode 0\(String(mode, radix: 8))); refusing to resume from it"
            )
        case .tooLarge: throw .invalidInput("the plan \(planPath) is too large")
        case .failed(let reason): throw .unreadableFile("cannot read \(planPath): \(reason)")
        }
        var texts: [JSONLine] = []
        var lines: [JSONValue] = []
        for (index, text) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !text.isEmpty {
            let line = JSONLine(number: index + 1, bytes: Array(text))
            guard let value = try? line.parse(), value.objectValue != nil, line.number == lines.count + 1 else {
                throw .invalidInput("\(planPath):\(index + 1): error: not a line of a \(name) plan")
            }
            texts.append(line)
            lines.append(value)
        }
        guard let planned = lines.first?["model"]?.stringValue else {
            throw .invalidInput("\(planPath): error: the plan is empty")
        }
        return SequencePlanFile(path: planPath, texts: texts, lines: lines, model: planned)
    }

    /// Runs the plan beside `journal` from where it stopped. A run killed after the server applied a
    /// line but before the journal recorded it would send that line again, and a move's line is not
    /// one to send twice (the copy's key exists, the old key is gone, the number moved): the first
    /// line the journal lacks is checked against the server first, and when its change is there it is
    /// journaled as done, with its undo, before the run goes on.
    package func resume(_ plan: SequencePlanFile, journal: String) async throws(GQLPatchError) -> ExitCode {
        // A plan without moves only creates the new row: no field to name.
        let field = SequenceBatch.orderField(of: plan.lines) ?? ""
        let report = SequenceReport(lines: plan.lines, field: field)
        let atomic = try await reconcile(journal: journal, plan: plan.texts, report: report)
        let files = SequenceRunFiles(journal: journal, plan: plan.path, temporary: false)
        return try await execute(lines: plan.lines, field: field, files: files, resuming: true, atomic: atomic)
    }

    /// Journals the first line the journal lacks as done when the server already holds its change.
    /// Returns whether the journal was written all or nothing (the resumed run runs the same way).
    private func reconcile(journal path: String, plan: [JSONLine], report: SequenceReport)
        async throws(GQLPatchError) -> Bool
    {
        let (journal, state) = try BatchJournal.resume(path: path)
        guard let line = plan.first(where: { state.done[$0.number] == nil }) else { return state.atomic }
        let parser = BatchLineParser(
            catalogue: catalogue, conflictResolution: self.plan.conflictResolution, atomic: state.atomic,
            wording: ApplyLineWording(run: wording))
        let operation: BatchOperation
        do {
            operation = try parser.parse(line)
        } catch {
            throw .invalidInput(error.rendered(source: Self.planPath(journal: path)))
        }
        let model = operation.model
        let records = records(nil)
        var selection = SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model)
        if operation.versioned { selection = VersionScheme.of(model).fetchSelection(selection) }
        let found = try await records.fetch(model, key: operation.key, selection: selection)
        let record = found.flatMap { $0["_deleted"] == .bool(true) ? nil : $0 }
        let version = operation.versioned ? record?[VersionScheme.of(model).recordField]?.intValue : nil
        let comparer = ResponseComparer(catalogue: catalogue, model: model)
        var status: LineStatus
        var undo: UndoAction
        switch operation.kind {
        case .create:
            guard let record, comparer.allApplied(record: record, changes: operation.changes) else {
                return state.atomic
            }
            status = .created
            undo = .remove(model: model.name, key: operation.key, left: operation.changes, version: version)
        case .delete:
            // The row's data is its copy's: re-created from it if the batch is undone.
            // Gone, or a tombstone (a versioned delete, via a gap).
            guard record == nil, case .remove(let move) = report.roles[line.number - 1],
                let copy = report.roles.firstIndex(where: { $0 == .copy(move) }),
                var data = report.lines[copy]["set"]?.objectValue
            else { return state.atomic }
            for (name, value) in operation.key { data[name] = value }
            status = .deleted
            undo = .recreate(model: model.name, key: operation.key, record: data)
        case .update:
            guard let record, comparer.allApplied(record: record, changes: operation.changes),
                let old = try? line.parse()["if"]?[report.field]
            else { return state.atomic }
            status = .updated
            undo = .revert(
                model: model.name, key: operation.key, previous: JSONObject([(report.field, old)]),
                left: operation.changes, version: version)
        case .upsert, .touch:
            return state.atomic
        }
        let result = LineResult(
            line: line.number, status: status, key: operation.key, item: record, undo: state.atomic ? undo : nil,
            digest: operation.digest)
        journal.secrets = secrets
        try journal.record(result)
        console.message(
            "gqlpatch: note: line \(line.number) of the plan was applied before the run stopped (the server holds its change); journaled as done"
        )
        var bytes: [UInt8] = []
        for value in report.output(for: result) {
            value.write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
        }
        try console.write(bytes)
        return state.atomic
    }
}
