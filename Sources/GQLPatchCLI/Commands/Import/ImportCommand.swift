import CSV
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

/// `gqlpatch import FILE`: an export file written into the API (its schema is the target's). A first
/// pass checks the whole file against the target (`ImportSurvey`) and sends nothing when it does not
/// fit (65, every problem listed per model and field); then `apply`'s batch runs the rewritten lines
/// (`ImportRewrite`) with a barrier at each change of model and before the second pass
/// (`ImportPhase`), so no child is written before its parent. Output as `apply`'s.
package struct ImportCommand: Sendable {
    package var options: ImportOptions
    package var settings: Settings
    package var context: RunContext
    /// Whether to catch SIGINT (the real process only).
    package var catchesInterrupt = true
    /// Whether to draw the progress line (stderr is a terminal).
    package var showsProgress: Bool = isatty(2) == 1
    /// The command that goes on from where a journaled run stopped.
    package var resumeCommand: String?
    /// Where standard input is held while it is read twice (CSV and TSV).
    package var temporaryFolder = "/tmp"

    /// At most this many problems are listed.
    static let maximumListedProblems = 50

    package func run() async throws(GQLPatchError) -> ExitCode {
        let format = options.format ?? ImportFormat.told(by: options.path)
        if format != .jsonl { return try await runRows(dialect: format == .csv ? .csv : .tsv) }
        let run = options.run
        try checkOwnerOptionsApply()
        try ImportOptions.checkDropped(options.dropped, in: settings.catalogue, fieldsToo: false)
        let source = try BatchLineSource(path: options.path)
        // The target first: a wrong endpoint or key is found before the file is read.
        if !settings.dryRun { try await CommandSession(settings: settings, context: context).probe(as: "the target") }
        var seal = ExportSealPolicy(
            allowIncomplete: run.allowIncomplete, checkedFirst: true, wording: CommandLineWording())
        seal.refusesEmpty = true
        source.seal = seal
        let parser = BatchLineParser(
            catalogue: settings.catalogue, conflictResolution: settings.conflictResolution, atomic: false,
            wantsDigest: run.journal != nil, wording: ApplyLineWording(run: CommandLineWording()),
            journaled: run.journal != nil)
        var rewrite = ImportRewrite(
            catalogue: settings.catalogue, mode: options.mode, ownerMap: options.ownerMap, owner: options.owner)
        rewrite.dropped = options.dropped

        // The first pass: nothing is sent unless the whole file fits the target.
        var survey = ImportSurvey(rewrite: rewrite, parser: parser)
        try survey.read(source)
        if source.sealVerdict == .unsealed {
            context.console.message(
                "gqlpatch: note: \(source.name) has no export header (an export of an older gqlpatch, or lines written otherwise): whether it is complete cannot be checked"
            )
        }
        let problems = survey.problems
        for problem in problems {
            guard case .damaged(let message) = problem.kind else { continue }
            let more =
                problem.lines > 1 ? " (and \(problem.lines - 1) more such line\(problem.lines == 2 ? "" : "s"))" : ""
            throw .invalidInput(
                "\(source.name) is damaged: line \(problem.firstLine) is not JSON (\(message))\(more); the file was cut short or changed after it was written. Nothing was written; export again"
            )
        }
        if !problems.isEmpty { throw .invalidInput(Self.describe(problems, file: source.name)) }
        if options.mode == .replace { rewrite.cleared = survey.clearedFields }
        let rewriting = rewrite

        if settings.dryRun {
            context.console.message(
                "gqlpatch: import: dry run: \(survey.lines) line\(survey.lines == 1 ? "" : "s") of \(source.name) checked against the schema; nothing was sent"
            )
            return .success
        }

        // Then apply's run of the rewritten lines: a resumed journal matched against them (the same
        // file and options) before anything is sent, the journal written, the batch run.
        return try await send { rewriting.rewrite($0) }
    }

    /// A CSV or TSV file of one model's records: checked whole (every cell typed by the schema, each
    /// problem listed as `FILE:LINE:COLUMN`, nothing sent when one is found), then each row written by
    /// apply's batch as the mode says, numbered by its line in the file.
    func runRows(dialect: CSVDialect) async throws(GQLPatchError) -> ExitCode {
        try checkOwnerOptionsApply()
        let model = try ModelLookup.model(named: options.model ?? "", in: settings.catalogue)
        let file =
            options.path == "-"
            ? try CSVRowFile.spoolingStandardInput(
                folder: temporaryFolder, dialect: dialect)
            : try CSVRowFile(path: options.path, dialect: dialect)
        // The target first: a wrong endpoint or key is found before the file is read.
        if !settings.dryRun { try await CommandSession(settings: settings, context: context).probe(as: "the target") }
        // One model, one pass: no barrier between its rows.
        var apply = batch(madeSource: true)
        apply.plan.phase = nil
        let check = try CSVImportCheck(
            file, renames: options.renames, model: model, emptyAsNull: options.emptyAsNull,
            rewrite: ImportRewrite(
                catalogue: settings.catalogue, mode: options.mode, ownerMap: options.ownerMap, owner: options.owner),
            parser: apply.lineParser, kept: BatchApply.keptOperations)
        if !check.problems.isEmpty {
            throw .invalidInput(
                CSVImportCheck.describe(check.problems, unlisted: check.unlisted, file: file.name, model: model.name))
        }
        if !check.map.passedOver.isEmpty {
            let count = check.map.passedOver.count
            context.console.message(
                "gqlpatch: note: \(file.name): column\(count == 1 ? "" : "s") \(check.map.passedOver.joined(separator: ", ")) passed over: the server sets \(count == 1 ? "it" : "them"), no write takes \(count == 1 ? "it" : "them")"
            )
        }
        if settings.dryRun {
            context.console.message(
                "gqlpatch: import: dry run: \(check.rows) row\(check.rows == 1 ? "" : "s") of \(file.name) checked against \(model.name); nothing was sent"
            )
            return .success
        }
        let source = try CSVImportSource(file: file, check: check, parser: apply.lineParser)
        return try await execute(apply, input: try apply.open(source, total: check.rows))
    }

    /// Apply's run of the lines of the file, each rewritten by `transform`.
    func send(transform: @escaping @Sendable (JSONLine) -> JSONLine) async throws(GQLPatchError) -> ExitCode {
        var apply = batch(madeSource: false)
        apply.transform = transform
        return try await execute(apply, input: try apply.open(dryRun: false))
    }

    /// The batch that writes the lines into the target: apply's, with import's plan and options.
    /// `madeSource`: the operations come from the command (`copy`), not from the file.
    func batch(madeSource: Bool) -> BatchApply {
        let run = options.run
        var plan = self.plan
        plan.suggestsJournal = !madeSource
        var apply = BatchApply(
            path: options.path, journal: run.journal, plan: plan, catalogue: settings.catalogue,
            wording: CommandLineWording(), console: context.console)
        apply.resume = run.resume
        apply.secrets = context.secrets
        apply.verbose = settings.verbose
        apply.allowIncomplete = run.allowIncomplete
        return apply
    }

    /// Runs the opened input over the target's batch transport.
    func execute(_ apply: BatchApply, input: BatchInput) async throws(GQLPatchError) -> ExitCode {
        let made = try context.batchTransport(endpoint: settings.endpoint ?? "")
        return try await apply.execute(
            input, client: settings.client(over: made.transport, console: context.console), executor: made.executor)
    }

    /// `--map-owner` and `--owner` act on the fields of @auth owner rules; a schema that names none
    /// (a compiled schema keeps no @auth) would let the records keep their old owners unseen, and so
    /// would one whose owner fields are all implicit (no write input takes them: AppSync fills each from
    /// the identity that writes the record).
    func checkOwnerOptionsApply() throws(GQLPatchError) {
        guard options.owner != nil || !options.ownerMap.isEmpty else { return }
        let given = options.owner != nil ? OptionName.owner : OptionName.mapOwner
        let catalogue = settings.catalogue
        let models = catalogue.modelNames.compactMap { catalogue.models[$0] }
        let implicit = models.flatMap { model in
            model.ownerFields.filter { field in
                ["create", "upsert"].allSatisfy {
                    ImportRewrite.input(of: model, op: $0, catalogue: catalogue)?.field(field) == nil
                }
            }.map { "\(model.name).\($0)" }
        }
        if !implicit.isEmpty, implicit.count == models.reduce(0, { $0 + $1.ownerFields.count }) {
            throw .invalidInput(
                "\(given) has nothing to act on: the target's owner fields (\(implicit.joined(separator: ", "))) are left implicit in its schema \(settings.schemaSource): no create or update input takes them, so AppSync sets each from the identity that writes the record; declare the field in the model (owner: String) to carry owners across, or leave \(given) out"
            )
        }
        guard models.allSatisfy({ $0.ownerFields.isEmpty }) else { return }
        let why =
            settings.catalogue.origin == .compiledSchema
            ? "a compiled schema keeps no @auth rules" : "no model has an @auth owner rule"
        throw .invalidInput(
            "\(given) has nothing to act on: the target's schema \(settings.schemaSource) names no owner field (\(why)); read the target through its source schema (\(OptionName.schema) amplify/backend/api/NAME/schema.graphql) or its amplify_outputs.json (\(OptionName.config)), or leave \(given) out"
        )
    }

    /// `apply`'s plan, with the barriers of an import.
    private var plan: BatchRunPlan {
        let run = options.run
        var plan = BatchRunPlan(
            concurrency: run.concurrency, maxAttempts: run.maxAttempts,
            retryConflicts: settings.retryConflicts, conflictResolution: settings.conflictResolution)
        plan.undoLog = context.undoLog?.current
        plan.rate = run.rate
        plan.adaptiveRate = run.adaptiveRate
        plan.continueOnError = run.continueOnError
        plan.showsProgress = showsProgress
        plan.catchesInterrupt = catchesInterrupt
        plan.commandName = "import"
        plan.resumeCommand = resumeCommand
        plan.phase = { ImportPhase.label(of: $0) }
        return plan
    }

    /// The refusal: how many problems, then one line each, per model and field.
    static func describe(_ problems: [ImportProblem], file: String) -> String {
        var lines = [
            "\(file) does not fit the target's schema (\(problems.count) problem\(problems.count == 1 ? "" : "s")); nothing was written:"
        ]
        for problem in problems.prefix(maximumListedProblems) { lines.append("  " + describe(problem)) }
        if problems.count > maximumListedProblems {
            lines.append("  ... and \(problems.count - maximumListedProblems) more")
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ problem: ImportProblem) -> String {
        let place = [problem.model, problem.field].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ".")
        let at =
            problem.lines == 0
            ? ""
            : problem.lines == 1
                ? " (line \(problem.firstLine))" : " (\(problem.lines) lines, the first line \(problem.firstLine))"
        let subject = place.isEmpty ? "" : place + ": "
        switch problem.kind {
        case .unknownModel:
            return "\(subject)the target has no model \(problem.model)\(at)"
        case .unknownField(let input):
            return
                "\(subject)the target's \(input) has no field \(problem.field ?? "")\(at); leave it out with \(OptionName.dropField) \(place)"

        case .wrongType(let message):
            // The typing message names the field itself (`Post.status: ...`).
            return "\(message.hasPrefix(place + ":") ? "" : subject)\(message)\(at)"
        case .requiredNeverSet(let input):
            return "\(subject)the target's \(input) requires \(problem.field ?? ""), and no line sets it"
        case .unmappedOwner(let values):
            let shown = values.map { "'\($0)'" }.joined(separator: ", ")
            return
                "\(subject)owner values without a mapping (\(shown)\(problem.lines > values.count ? ", ..." : "")): give \(OptionName.mapOwner) OLD=NEW for each, or \(OptionName.owner) VALUE\(at)"
        case .ownersNotMapped:
            return
                "\(subject)the target's owner rules name \(problem.field ?? ""), which the source's records hold: give \(OptionName.mapOwner) OLD=NEW for each owner, or \(OptionName.owner) VALUE"
        case .invalidLine(let message), .damaged(let message):
            return "\(subject)\(message)\(at)"
        }
    }
}
