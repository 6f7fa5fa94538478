import GQLPatchBatch
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

/// `gqlpatch insert` and `gqlpatch renumber`: resolve the sequence and the new row from the command
/// line, then drive their run (`SequenceRun`: read the rows, plan the moves, run them as `apply` lines,
/// journaled, all or nothing) and print a dry run's plan.
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

    var maxAttempts: Int { runOptions.maxAttempts }

    package func run() async throws(GQLPatchError) -> ExitCode {
        if let journal = resumeJournal { return try await resume(journal) }
        guard let modelName else { throw .usage("\(name) needs a model name: gqlpatch \(name) <Model> ...") }
        let settings = try await commandRun.settings(sending: .evenOnDryRun, focus: CatalogueFocus(models: [modelName]))
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
        let newRow = try newRowInput(sequence, catalogue: catalogue)
        let sequenceRun = self.sequenceRun(settings: settings)
        let moves = try await sequenceRun.prepare(sequence, moves: self.moves, newRow: newRow)
        if settings.dryRun {
            return try dryRun(moves)
        }
        return try await sequenceRun.start(moves)
    }

    /// How the rows move, as the command line asks.
    private var moves: SequenceRun.Moves {
        switch request {
        case .insert(let options): return .insert(at: options.position, viaGap: options.viaGap)
        case .renumber(let options): return .renumber(start: options.start, step: options.step)
        }
    }

    /// The run over the command's session, worded for the command line; its batches send over a
    /// transport made for them, as `apply`'s do.
    func sequenceRun(settings: Settings) -> SequenceRun {
        let session = CommandSession(settings: settings, context: context)
        let context = self.context
        var plan = BatchRunPlan(
            concurrency: 1, maxAttempts: maxAttempts, retryConflicts: settings.retryConflicts,
            conflictResolution: settings.conflictResolution)
        plan.undoLog = context.undoLog?.current
        plan.showsProgress = isatty(2) == 1
        plan.catchesInterrupt = true
        var run = SequenceRun(
            name: name, catalogue: settings.catalogue, console: console, wording: CommandLineWording(), plan: plan,
            client: session.client, records: { session.records(send: $0) },
            connect: { () throws(GQLPatchError) -> BatchConnection in
                let made = try context.batchTransport(endpoint: settings.endpoint ?? "")
                return BatchConnection(
                    client: settings.client(over: made.transport, console: context.console), executor: made.executor)
            })
        run.secrets = context.secrets
        run.verbose = settings.verbose
        run.journal = journalOption
        run.temporaryFolder = commandRun.temporaryBase
        return run
    }

    // MARK: - Planning

    /// The new row's typed create input without its number (insert only): the parent, the values.
    private func newRowInput(_ sequence: SequenceDescription, catalogue: ModelCatalogue) throws(GQLPatchError)
        -> JSONObject?
    {
        guard case .insert(let options) = request else { return nil }
        let patch = try options.patch.map { (path) throws(GQLPatchError) in
            try PatchFile.read(path, readFile: context.readFile, wording: CommandLineWording())
        }
        return try sequence.newRow(
            position: options.position, patch: patch, values: options.values, catalogue: catalogue,
            readFile: context.readFile, wording: CommandLineWording())
    }

    // MARK: - Dry run

    private func dryRun(_ moves: SequenceMovePlan) throws(GQLPatchError) -> ExitCode {
        var bytes: [UInt8] = []
        var count = 0
        for value in moves.planned {
            if value["op"] == "move" { count += 1 }
            value.write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
        }
        try console.write(bytes)
        console.message(
            "gqlpatch: \(name): dry run: \(count) move\(count == 1 ? "" : "s") planned; nothing was written")
        return .success
    }
}
