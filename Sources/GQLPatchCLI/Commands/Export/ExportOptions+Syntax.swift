import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension ExportOptions: CommandDefinition {
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
            """
            only records that pass this test (list's forms: F>V, F^=P, ...),
            on every model exported; repeat for AND
            """,
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
    ]

    /// `export`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings()
        var command = ExportCommand(options: self, settings: settings, context: run.context)
        command.temporaryBase = run.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        command.catchesInterrupt = run.environmentCheck != nil
        try await command.run()
        return .success
    }
}
