import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `update`, `delete` and `touch` of the records a selection picks: their keys are read whole first
/// (`SelectionSpool`: never writing while paging the listing), counted on stderr and confirmed; then
/// apply's engine writes each, guarded by the selection (`SelectionWrite`), and prints a line for it.
package struct SelectionCommand: Sendable {
    package var options: SelectionOptions
    package var settings: Settings
    package var context: RunContext
    /// The command's name in messages (`update`).
    package var verb: String
    /// Where a private file of the keys goes (`$TMPDIR`).
    package var temporaryFolder = "/tmp"
    package var resumeCommand: String?
    package var catchesInterrupt = false
    /// `--preview`: print what each record's write would change; write nothing.
    package var preview = false
    /// Asks the question on the terminal and returns the answer; nil when standard input is not one.
    package var ask: (@Sendable (String) -> String?)?
    /// The global `--yes`: write without asking.
    package var yes = false

    /// The command as `run` starts it: its temporary folder, resume command, signals and terminal.
    package init(_ run: CommandRun, options: SelectionOptions, settings: Settings, verb: String) {
        self.options = options
        self.settings = settings
        context = run.context
        self.verb = verb
        temporaryFolder = PrivateFiles.temporaryBase(run.environment)
        resumeCommand = ResumeCommand.text(for: run.arguments)
        catchesInterrupt = run.environmentCheck != nil
        ask = run.context.ask
        yes = run.options.yes
    }

    /// Picks the records and writes `write` to each; the batch's exit code.
    /// `cascade`: each selected record is deleted with the tree under it (`delete --cascade`).
    package func run(_ write: SelectionWrite, cascade: CascadeDelete? = nil) async throws(GQLPatchError) -> ExitCode {
        var write = write
        let console = context.console
        var list = options.list
        list.model = write.model.name
        // `--filter @-` is read once, for the listing and the guard both.
        list.filter = try ListCommand(options: list, settings: settings, context: context).filterJSON()?.serialized()
        let lister = ListCommand(options: list, settings: settings, context: context)
        var listing = try lister.makePlan()
        for note in listing.query.notes { console.message("gqlpatch: note: \(note)") }
        write.condition = try SelectionCondition(catalogue: settings.catalogue, wording: CommandLineWording())
            .condition(model: write.model, filter: try lister.selectionFilter(model: write.model))
        let model = write.model
        listing.selection = SelectionSet(fields: model.primaryKey.map { SelectionSet.Field(name: $0) })
        listing.fetchSelection = listing.selection
        if model.field("_deleted") != nil { listing.fetchSelection.fields.append(SelectionSet.Field(name: "_deleted")) }

        let writes = !settings.dryRun && !preview
        let journal = writes ? options.run.journalPath : nil
        var run = options.run
        if let journal, !run.resume, (context.files.stat(journal)?.size ?? 0) > 0 {
            // Refused before the keys are read, so that no keys file is left beside another run's journal.
            throw .usage(
                "the journal \(journal) already exists: pass \(OptionName.resume) to continue that run, or remove the file"
            )
        }
        if let journal, run.resume, !SelectionSpool.isThere(journal + ".keys") {
            // Killed before its keys were whole, the stopped run wrote nothing: select afresh.
            console.message(
                "gqlpatch: note: \(journal).keys is not there: the stopped run had not read all the keys, so it wrote nothing; selecting again"
            )
            run.resume = false
        }
        let spool: SelectionSpool
        let resumed = run.resume
        if let journal, run.resume {
            spool = try SelectionSpool.resumed(kept: journal + ".keys")
            // Killed between its keys and its journal, it wrote nothing yet: the journal starts now.
            run.resume = SelectionSpool.isThere(journal)
        } else {
            spool = try SelectionSpool.create(
                keeping: journal.map { $0 + ".keys" }, folder: temporaryFolder, wording: CommandLineWording())
            // A cascade reads the trees under the keys it selected into the spool the run reads.
            let keys =
                cascade == nil
                ? spool
                : try SelectionSpool.create(keeping: nil, folder: temporaryFolder, wording: CommandLineWording())
            let session = CommandSession(settings: settings, context: context)
            // On a terminal, the keys read so far (a million take a minute).
            let shows = console.stderrIsTerminal
            try await keys.fill(
                from: listing, sender: session.pageRetrying,
                rejected: { (response) throws(GQLPatchError) in try session.printEnvelopeOnFailure(response) },
                progress: { count in
                    if shows { console.writeErr(ProgressLine.clear + "gqlpatch: \(verb): \(count) selected so far") }
                })
            if shows { console.writeErr(ProgressLine.clear) }
            if let cascade {
                console.message(
                    "gqlpatch: \(verb): \(Self.records(keys.count, model.name)) selected; reading what is under them")
                let counts = try await spool.fillCascade(roots: keys, model: model, cascade: cascade)
                let each = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                console.message("gqlpatch: \(verb): with their children, \(spool.count) records (\(each))")
            }
        }
        let count = spool.count
        let records = Self.records(count, cascade == nil ? model.name : nil)
        if cascade == nil || resumed {
            console.message("gqlpatch: \(verb): \(records) \(resumed ? "selected by the stopped run" : "selected")")
        }
        if count == 0 { return .success }
        if writes { try confirm(records, count: count) }
        var apply = ApplyCommand(options: run, settings: settings, context: context)
        apply.options.preview = preview
        apply.commandName = verb
        apply.catchesInterrupt = catchesInterrupt
        apply.resumeCommand = resumeCommand
        let source = try SelectionSource(spool: spool, write: write, journaled: journal != nil)
        return try await apply.run(source, total: count)
    }

    /// `12 Item records`, `12 records`.
    static func records(_ count: Int, _ model: String?) -> String {
        "\(count) \(model.map { $0 + " " } ?? "")record\(count == 1 ? "" : "s")"
    }

    /// Asks for the count on a terminal; refuses (nothing sent) without `--yes` anywhere else.
    private func confirm(_ records: String, count: Int) throws(GQLPatchError) {
        try Self.confirm(verb: verb, what: records, count: count, yes: yes, ask: ask)
    }

    /// Asks for the count on a terminal (`ask`); refuses (nothing sent) without `yes` anywhere else.
    /// `what`: what would be written (`12 Item records`).
    package static func confirm(
        verb: String, what: String, count: Int, yes: Bool, ask: (@Sendable (String) -> String?)?
    ) throws(GQLPatchError) {
        if yes { return }
        guard let ask else {
            throw .usage(
                "\(verb) would write \(what) and standard input is not a terminal to confirm it: pass \(OptionName.yes) to go on (or \(OptionName.dryRun) to see the writes); nothing was sent"
            )
        }
        let answer = ask("gqlpatch: \(verb) \(what)? Type \(count) to go on: ")
        guard answer?.split(separator: " ").joined() == String(count) else {
            throw .usage("\(verb) not confirmed (the answer was not \(count)); nothing was sent")
        }
    }
}
