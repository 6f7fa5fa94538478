import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `insert` and `renumber`'s run, which the command drives and prints from: read the sequence (its
/// key query, every page, tombstones kept), plan the moves (`SequencePlanner`), refuse before sending
/// anything what cannot be done (a versioned key move, which would leave tombstones where rows must
/// land: `prepare`), write the plan as `apply` lines (`SequenceBatch`) beside the journal, and run it
/// through `BatchApply` (`start`): one line at a time in plan order, all or nothing (a failure undoes
/// every move made, last first), journaled (`resume` finishes the same plan). Prints
/// `{"op": "moved", "from": KEY, "to": KEY}` per move and then the new row.
package struct SequenceRun: Sendable {
    /// How the rows move.
    package enum Moves: Sendable {
        /// A new row at `position`; `viaGap`: it and the rows moved go above every number used.
        case insert(at: Int, viaGap: Bool)
        /// Every row renumbered `start`, `start + step`, ...
        case renumber(start: Int, step: Int)
    }

    /// The command, for messages (`insert`, `renumber`).
    package var name: String
    package var catalogue: ModelCatalogue
    package var console: Console
    /// The command line's wording (the resume command, the hints of a refusal).
    package var wording: any InputWording
    /// How the plan's batches run (one line at a time; the record rules, the tries, the progress
    /// line); the run sets the rest.
    package var plan: BatchRunPlan
    /// The secrets requests carried, scrubbed from the journal.
    package var secrets: SecretScrubber?
    /// Tracing: says where the batch's tasks run.
    package var verbose = false
    /// The run's journal, its plan beside it; nil: a private temporary one in `temporaryFolder`.
    package var journal: String?
    package var temporaryFolder = "/tmp"
    /// The command's client, which reads the rows (with the run's tries).
    package var client: GraphQLClient
    /// The record rules over the command's client: each request through `send`, or sent once (nil).
    package var records: @Sendable (RecordService.Send?) -> RecordService
    /// Makes the connection a batch of the plan sends through (called as each batch starts).
    package var connect: @Sendable () throws(GQLPatchError) -> BatchConnection

    package init(
        name: String, catalogue: ModelCatalogue, console: Console, wording: any InputWording, plan: BatchRunPlan,
        client: GraphQLClient, records: @escaping @Sendable (RecordService.Send?) -> RecordService,
        connect: @escaping @Sendable () throws(GQLPatchError) -> BatchConnection
    ) {
        self.name = name
        self.catalogue = catalogue
        self.console = console
        self.wording = wording
        self.plan = plan
        self.plan.concurrency = 1
        self.client = client
        self.records = records
        self.connect = connect
    }

    /// The plan file beside a journal.
    package static func planPath(journal: String) -> String { journal + ".plan" }

    /// The command that finishes the run `journal` recorded.
    func resumeCommand(_ journal: String) -> String {
        "gqlpatch \(name) \(wording.name(.resume)) \(journal)"
    }

    // MARK: - Planning

    /// Reads the sequence's rows and plans the moves (`newRow`: insert's new row's create input, without
    /// its number); throws what cannot be done before anything is written.
    package func prepare(_ sequence: SequenceDescription, moves: Moves, newRow: JSONObject?)
        async throws(GQLPatchError) -> SequenceMovePlan
    {
        let model = sequence.model
        let field = sequence.orderField
        let versioned = RecordService.isVersioned(model, under: plan.conflictResolution)
        let sender = RetryingSender(client: client, policy: RetryPolicy(maxAttempts: plan.maxAttempts))
        let reader = SequenceReader(
            service: records({ (request) async throws(GQLPatchError) -> RecordService.Sent in
                let outcome = await sender.send(request)
                return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
            }))
        let selection = reader.selection(
            for: sequence,
            adding: SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model))
        let rows = try await reader.rows(sequence, selection: selection)
        let live = rows.filter { !$0.isDeleted }
        let planned = try Self.plan(moves, live: live.map(\.number), all: rows, field: field)
        try checkTombstones(planned, moves: moves, sequence: sequence, rows: rows, versioned: versioned)
        // A versioned model's deletes cannot be undone: its key moves (via a gap only) run without
        // all or nothing, copies first, and a failure removes the copies of the rows not moved instead.
        let undoable = !(sequence.numberIsInKey && versioned)

        var batch = SequenceBatch(catalogue: catalogue, model: model, field: field, versioned: versioned)
        try batch.add(
            planned, rows: Dictionary(live.map { ($0.number, $0.record) }, uniquingKeysWith: { a, _ in a }),
            copiesFirst: !undoable)
        if var input = newRow, let number = planned.newRow {
            input[field] = .int(number)
            batch.addNewRow(input)
        }
        return SequenceMovePlan(sequence: sequence, batch: batch, undoable: undoable)
    }

    private static func plan(_ moves: Moves, live: [Int], all rows: [SequenceRow], field: String)
        throws(GQLPatchError) -> SequencePlan
    {
        switch moves {
        case .insert(let position, let viaGap):
            return try SequencePlanner.insert(
                at: position, numbers: live, highestUsed: rows.map(\.number).max(), viaGap: viaGap, field: field)
        case .renumber(let start, let step):
            return try SequencePlanner.renumber(numbers: live, start: start, step: step, field: field)
        }
    }

    /// A versioned model's delete is soft: the old key stays as a tombstone that cannot be created
    /// again. So its key moves can neither land on a number any row holds or held (a row moving away
    /// leaves a tombstone behind it) nor be undone: they are refused before anything is sent (exit 65)
    /// unless every row lands above the numbers used (an insert via a gap, a renumbering that starts
    /// past the largest), where they run copies first and a failure removes copies instead.
    private func checkTombstones(
        _ plan: SequencePlan, moves: Moves, sequence: SequenceDescription, rows: [SequenceRow], versioned: Bool
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
        let hint: String
        switch moves {
        case .insert: hint = "\(wording.name(.viaGap)) puts the new row and the moved rows above every number used"
        case .renumber:
            hint = "\(wording.name(.start)) \((used.max() ?? 0) + 1) or more puts the rows above every number used"
        }
        throw .invalidInput(
            "\(sequence.parentName): the \(name) would write \(model) \(field)=\(number), \(why) (\(model) is versioned: a deleted key stays until its TTL and cannot be created again, and a move cannot be undone); \(hint); nothing was sent"
        )
    }

    // MARK: - Running

    /// Writes the plan beside the journal and runs it.
    package func start(_ moves: SequenceMovePlan) async throws(GQLPatchError) -> ExitCode {
        let batch = moves.batch
        if batch.lines.isEmpty {
            console.message("gqlpatch: \(name): \(moves.sequence.parentName): nothing to move; nothing was written")
            return .success
        }
        let files = try journalFiles()
        try PrivateFiles.write(batch.text, to: files.plan)
        return try await execute(
            lines: batch.lines, field: batch.field, files: files, resuming: false, atomic: moves.undoable)
    }
}
