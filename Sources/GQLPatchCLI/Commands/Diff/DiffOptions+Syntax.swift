import GQLPatchSupport

extension DiffOptions: CommandDefinition {
    package var printsRows: Bool { true }

    /// `diff [<Model>...] [--from-OPTION V]... [--to-OPTION V]... [--include-timestamps] [--page-size N]`
    package static let syntax = CommandSyntax(
        name: "diff", summary: "diff [<Model>...]                  how the records of two APIs differ (--from-, --to-)",
        help: HelpText.diff, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var diff = DiffOptions()
        diff.models = positionals
        try OptionBinding.apply(bindings, options, to: &diff)
        return diff
    }

    /// `diff`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<DiffOptions>] =
        ownBindings + APISide.from.bindings(into: \.from) + APISide.to.bindings(into: \.to)

    /// The options of `diff` itself (its help lists them one a line; the sides' as `APISide.helpBlock`).
    package static let ownBindings: [OptionBinding<DiffOptions>] =
        [
            .flag(
                OptionName.includeTimestamps,
                "compare createdAt and updatedAt too (default: left out, as a copy sets its own)",
                sets: \.includeTimestamps),
            .pageSize("records per request (the list query's limit argument), on both sides", \.pageSize),
            .flag(
                OptionName.sameAPI, "both sides may be one endpoint (refused otherwise)",
                sets: \.sameAPI),
        ]

    /// `diff`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let (source, target) = try await run.sides(from: from, to: to)
        try run.checkTwoAPIs(source, target, command: "diff", meant: sameAPI)
        return try await DiffCommand(options: self, from: source, to: target, context: run.context).run()
    }
}
