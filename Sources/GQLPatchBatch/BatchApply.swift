import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `apply`'s run of JSON Lines from a file or standard input, or of a source a command made (`copy`'s
/// records): `open` reads a resumed journal and checks a file whole before anything is sent; then
/// `execute` applies the operations (`BatchRun`), or the command plans them (`BatchDryRun`) or
/// previews them (`BatchPreview`) and prints what they give. `insert` and `renumber` run their plans
/// through it too.
package struct BatchApply: Sendable {
    /// The JSON Lines file; `-` is standard input.
    package var path: String
    /// The run's journal (its shard's, under a shard); nil: none.
    package var journal: String?
    /// Go on from where the journal stopped.
    package var resume = false
    package var plan: BatchRunPlan
    package var catalogue: ModelCatalogue
    /// The wording of the run's own settings (a line's members are named by `ApplyLineWording`).
    package var wording: any InputWording
    package var console: Console
    /// The secrets requests carried, scrubbed from the journal.
    package var secrets: SecretScrubber?
    /// Tracing: says where the batch's tasks run.
    package var verbose = false
    /// An export file cut short or changed is read as it is, with a warning (default: refused).
    package var allowIncomplete = false
    /// The schema's custom operations, for call lines (`BatchLineParser.calls`).
    package var calls: (@Sendable () throws(GQLPatchError) -> CustomOperationTable)?
    /// What each line becomes before it is checked, journaled and run (`import`'s rewrite).
    package var transform: (@Sendable (JSONLine) -> JSONLine)?

    /// At most this many invalid lines of a file are reported.
    package static let maximumReportedErrors = 20

    /// A file of at most this many operations keeps them from the whole-file check for the run, so
    /// each line is parsed once; a longer one is parsed again line by line as it runs (memory flat).
    package static let keptOperations = 50_000

    /// Lines read and parsed together by the whole-file check.
    static let checkedChunk = 4096

    package init(
        path: String, journal: String?, plan: BatchRunPlan, catalogue: ModelCatalogue, wording: any InputWording,
        console: Console
    ) {
        self.path = path
        self.journal = journal
        self.plan = plan
        self.catalogue = catalogue
        self.wording = wording
        self.console = console
    }

    /// Whether the input is standard input.
    package var readsStandardInput: Bool { path == "-" }

    /// Opens the input: a resumed journal is read first (not on a dry run, which sends nothing), so
    /// that a file is matched against it before anything is sent; a file is checked whole (each bad
    /// line's error printed, 65 thrown when there is one) and read again from its start.
    package func open(dryRun: Bool) throws(GQLPatchError) -> BatchInput {
        let source = try BatchLineSource(path: path)
        source.seal = ExportSealPolicy(
            allowIncomplete: allowIncomplete, checkedFirst: !readsStandardInput, wording: wording)
        source.transform = transform
        let parser = lineParser
        var (journal, check) = try resumed(inputName: source.name, dryRun: dryRun)
        var total: Int?
        var checked: [BatchEntry]?
        if !readsStandardInput {
            (total, checked) = try checkWhole(source, parser: parser, journal: &check)
            try check?.checkAllMatched()
            if let problem = ExportSealPolicy.problem(source.sealVerdict, input: source.name),
                source.sealVerdict != .empty
            {
                console.message("gqlpatch: warning: \(problem); read as it is (\(wording.name(.allowIncomplete)))")
            }
            try source.rewind()
        }
        return BatchInput(
            source: BatchLineOperations(lines: source, parser: parser, checked: checked), wording: parser.wording,
            journal: journal, check: check, total: total)
    }

    /// Opens a source the command made (`copy`'s records): a resumed journal is read first, and
    /// matched against the operations as they come.
    /// `total`: how many operations it gives, when known (the progress line's).
    package func open(_ source: any BatchSource, total: Int? = nil) throws(GQLPatchError) -> BatchInput {
        let (journal, check) = try resumed(inputName: source.name, dryRun: false)
        return BatchInput(source: source, wording: lineParser.wording, journal: journal, check: check, total: total)
    }

    /// The parser of the run's lines, as its options and journal want it.
    package var lineParser: BatchLineParser {
        BatchLineParser(
            catalogue: catalogue, conflictResolution: plan.conflictResolution, atomic: plan.atomic,
            wantsDigest: journal != nil, wording: ApplyLineWording(run: wording), journaled: journal != nil,
            calls: calls)
    }

    /// The journal resumed (`--resume`, not on a dry run) and its check against the input.
    private func resumed(inputName: String, dryRun: Bool) throws(GQLPatchError) -> (
        BatchJournal?, BatchJournalCheck?
    ) {
        guard let path = self.journal, resume, !dryRun else { return (nil, nil) }
        let (opened, state) = try BatchJournal.resume(path: path)
        if state.atomic != plan.atomic {
            throw .usage(
                "the journal \(path) was written \(state.atomic ? "with" : "without") \(wording.name(.atomic)); resume it the same way"
            )
        }
        return (opened, BatchJournalCheck(state: state, journalPath: path, inputName: inputName))
    }

    /// Applies the opened input's lines over `client`: the journal made (or the resumed one written
    /// on), then the `BatchRun`, on `executor` when nothing the run does can wait long.
    package func execute(_ input: BatchInput, client: GraphQLClient, executor: (any TaskExecutor)?)
        async throws(GQLPatchError) -> ExitCode
    {
        var journal = input.journal
        let source = input.source
        if let check = input.check, check.state.input != source.name {
            console.message(
                "gqlpatch: warning: the journal \(check.journalPath) was written for \(check.state.input), not \(source.name)"
            )
        }
        if let path = self.journal, !resume {
            journal = try BatchJournal.create(path: path, input: source.name, atomic: plan.atomic, wording: wording)
        }
        journal?.secrets = secrets
        var run = BatchRun(
            plan: plan, client: client, catalogue: catalogue, console: console, source: source, wording: input.wording,
            total: input.total, journal: journal, check: input.check)
        let executor = runsOnTransportThread(input) ? executor : nil
        if executor != nil, verbose {
            console.message("gqlpatch: apply: the batch runs on the HTTP thread (input and stdout are files)")
        }
        return try await withTaskExecutorPreference(executor) {
            () async throws(GQLPatchError) -> ExitCode in
            try await run.execute()
        }
    }

    /// Whether the run's tasks go on the transport's own thread (its event loop's), beside its transfers: a
    /// batch then makes no thread hand-offs (a quarter of its CPU time went to them: `make bench`).
    /// Only when nothing the run does can wait long, since a wait there stops every transfer in
    /// flight and lets their timeouts run out: the input is a file, stdout a file or `/dev/null`,
    /// and no progress line is drawn on a terminal. Otherwise the default executor (a pipe's read
    /// waits for its writer; a made source reads another API).
    private func runsOnTransportThread(_ input: BatchInput) -> Bool {
        !readsStandardInput && input.source is BatchLineOperations && console.stdoutNeverStalls
            && !plan.showsProgress
    }
}
