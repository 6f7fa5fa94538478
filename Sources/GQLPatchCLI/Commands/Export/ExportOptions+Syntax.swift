import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport

extension ExportOptions: CommandDefinition {
    package var printsRows: Bool { true }

    /// `export [<Model>...] [--where F=V]... [-o FILE] [--include-deleted] [--include-timestamps] [-j N] [--state FILE]`
    package static let syntax = CommandSyntax(
        name: "export", summary: "export [<Model>...] [-o FILE]       every record as JSON Lines apply takes back",
        help: HelpText.export, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var export = ExportOptions()
        export.models = positionals
        try OptionBinding.apply(bindings, options, to: &export)
        if export.state != nil, export.output == nil {
            throw .usage(
                "\(OptionName.state) needs \(OptionName.outShort) FILE (a resumed export cuts the file back to what was recorded)"
            )
        }
        return export
    }

    /// `export`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<ExportOptions>] = [
        .repeated(
            OptionName.where, "FIELD=VALUE",
            "only records passing this test (list's: F>V, F^=P, ...), on every model; repeat: AND",
            completes: .assignment(.nonModel), read: .fieldTest, appending: \.conditions),
        .value(
            OptionName.out, short: OptionName.outShort, "FILE", "write the lines to FILE (default: standard output)",
            read: .path, into: \.output),
        .flag(
            OptionName.includeDeleted, "write soft-deleted records too (as live records; default: left out)",
            sets: \.includeDeleted),
        .flag(
            OptionName.includeTimestamps, "write createdAt and updatedAt too, where the API takes them in a write",
            sets: \.includeTimestamps),
        .value(
            OptionName.concurrency, short: OptionName.concurrencyShort, "N",
            "models read at once (default \(ExportOptions.defaultConcurrency)); each model's pages in order",
            read: .whole(in: NumericLimits.concurrency), into: \.concurrency),
        .pageSize("records per request (the list query's limit argument)", \.pageSize),
        .value(
            OptionName.state, "FILE",
            """
            keep the progress in FILE; run the same command again to go on
            from where an interrupted export stopped (needs -o)
            """, read: .path, into: \.state),
        .repeated(
            OptionName.mask, "MODEL.FIELD[=KIND]",
            "made-up values for the field's: email, name, phone, text or hash", read: .mask,
            appending: \.masks),
        .value(
            OptionName.maskKey, "KEY", "the same masks in every run with KEY (env GQLPATCH_MASK_KEY)",
            read: .text, into: \.maskKey),
    ]

    /// `export`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await command(settings: try await run.settings(), run: run).run()
        return .success
    }

    /// The export these options ask for against `settings` (`copy` runs one too): the temporary
    /// folder, Ctrl-C, and the mask key (given, from GQLPATCH_MASK_KEY, or made for the run).
    package func command(settings: Settings, run: CommandRun) throws(GQLPatchError) -> ExportCommand {
        var command = ExportCommand(options: self, settings: settings, context: run.context)
        command.temporaryBase = run.temporaryBase
        command.catchesInterrupt = run.environmentCheck != nil
        if !masks.isEmpty {
            if let key = maskKey ?? run.environment["GQLPATCH_MASK_KEY"].flatMap({ $0.isEmpty ? nil : $0 }) {
                command.maskKey = Array(key.utf8)
                run.context.secrets?.register([key])
            } else if state != nil {
                throw .usage(
                    "\(OptionName.mask) with \(OptionName.state) needs \(OptionName.maskKey) KEY (or GQLPATCH_MASK_KEY): a resumed export must mask as the first run did"
                )
            } else {
                var random = SystemRandomNumberGenerator()
                command.maskKey = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
                command.maskKeyIsNew = true
            }
        } else if maskKey != nil {
            throw .usage("\(OptionName.maskKey) needs \(OptionName.mask)")
        }
        return command
    }
}
