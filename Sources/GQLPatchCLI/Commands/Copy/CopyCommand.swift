import GQLPatchBatch
import GQLPatchOperations
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTransfer
import JSON

/// `gqlpatch copy`: `export` from the source read into `import` into the target with nothing between
/// them: each page of records becomes typed operations for the target (`CopySource`), which import's
/// batch sends; memory holds a page of records and the batch's window, however many records there are.
/// What the two schemas and the options decide is checked before the first record is read
/// (`ImportSchemaCheck`: exit 65, nothing read or sent); what only a record's values show (a value the
/// target's type refuses, an owner value the mapping lacks) fails that record's line as `import`
/// fails it. Output and exit codes are import's; an export that fails ends the import with its error.
package struct CopyCommand: Sendable {
    package var options: CopyOptions
    package var from: Settings
    package var to: Settings
    package var run: CommandRun

    /// The lines' source in messages (`<copy>:12: error: ...`).
    static let inputName = "<copy>"

    package func run() async throws(GQLPatchError) -> ExitCode {
        let console = run.context.console
        var exporting = options.export
        exporting.output = nil
        var export = try exporting.command(settings: from, run: run)
        var importing = options.import
        importing.path = Self.inputName
        importing.run.path = Self.inputName
        var command = ImportCommand(options: importing, settings: to, context: run.context)

        // Everything decided by the schemas and the options, before anything is read (a dry run too).
        let prepared = try export.prepare()
        try command.checkOwnerOptionsApply()
        try ImportOptions.checkDropped(importing.dropped, in: from.catalogue, fieldsToo: true)
        var rewrite = ImportRewrite(
            catalogue: to.catalogue, mode: importing.mode, ownerMap: importing.ownerMap, owner: importing.owner)
        rewrite.dropped = importing.dropped
        let check = ImportSchemaCheck(rewrite: rewrite, source: from.catalogue)
        let lines = prepared.steps.map(\.line)
        let problems = check.problems(lines)
        if !problems.isEmpty { throw .invalidInput(ImportCommand.describe(problems, file: "the copy")) }
        if from.dryRun {
            // What would be read; each record's values are checked against the target only as it comes.
            try await export.run()
            console.message(
                "gqlpatch: copy: dry run: the two schemas fit; each record would then be checked against the target's schema and written"
            )
            return .success
        }
        // The target first: a wrong endpoint or key is found before the source is read.
        try await CommandSession(settings: to, context: run.context).probe(as: "the target")
        // Ctrl-C is the import's to catch: it stops, and the export with it.
        export.catchesInterrupt = false
        command.catchesInterrupt = run.environmentCheck != nil
        export.announce(prepared)
        if importing.mode == .replace { rewrite.cleared = check.clearedFields(lines) }

        let apply = command.batch(madeSource: true)
        let parser = apply.lineParser
        let reader = ExportReader(
            plan: prepared, includeDeleted: exporting.includeDeleted,
            sender: CommandSession(settings: from, context: run.context).pageRetrying)
        let source = CopySource(
            name: Self.inputName, reader: reader, rewrite: rewrite, parser: parser, scrubber: run.context.secrets)
        source.onEnd = { records, updates in
            var state = ExportState(output: "-", models: prepared.steps.map(\.model.name))
            for index in state.steps.indices {
                state.steps[index].records = records[index]
                state.steps[index].secondLines = updates[index]
            }
            console.message(ExportCommand.summary(state))
        }
        return try await command.execute(apply, input: try apply.open(source))
    }
}
