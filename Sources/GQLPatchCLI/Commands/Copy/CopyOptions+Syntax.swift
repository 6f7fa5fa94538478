import GQLPatchSupport

extension CopyOptions: CommandDefinition {
    /// Its target's writes: `--undo-log` logs them (the target's protection is asked in `run`).
    package var logsWrites: Bool { true }

    /// `copy [<Model>...] --from-... --to-... [--where F=V]... [--mask M.F[=K]]... [--mode M] [-j N] ...`
    package static let syntax = CommandSyntax(
        name: "copy",
        summary: "copy [<Model>...]                  export from one API and import into another (--from-, --to-)",
        help: HelpText.copy, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var copy = CopyOptions()
        copy.export.models = positionals
        try OptionBinding.apply(bindings, options, to: &copy)
        if copy.import.owner != nil, !copy.import.ownerMap.isEmpty {
            throw .usage(
                "\(OptionName.owner) and \(OptionName.mapOwner) do not go together: \(OptionName.owner) sets every owner field whatever it held"
            )
        }
        return copy
    }

    /// Export's options a copy takes (what is read, and how it is masked).
    static let exportNames: Set<String> = [
        OptionName.where, OptionName.includeTimestamps, OptionName.mask, OptionName.maskKey,
    ]
    /// Import's options a copy takes (how it is written). Not the journal: a copy's lines are read
    /// afresh each run, so a journal of one run does not fit the next (export --state and import
    /// --journal make a resumable copy); the rest keep their defaults, to fit one screen of help.
    static let importNames: Set<String> = [
        OptionName.mode, OptionName.mapOwner, OptionName.owner, OptionName.concurrency, OptionName.continueOnError,
        OptionName.dropField,
    ]

    /// `copy`'s own options (its help lists them one a line; the sides' as `APISide.helpBlock`).
    package static let ownBindings: [OptionBinding<CopyOptions>] =
        ExportOptions.bindings.filter { !exportNames.isDisjoint(with: $0.spec.names) }.map { $0.lifted(\.export) }
        + ImportOptions.bindings.filter { !importNames.isDisjoint(with: $0.spec.names) }.map { $0.lifted(\.import) }
        + [
            .flag(
                OptionName.sameAPI,
                "source and target may be one endpoint (refused otherwise)",
                sets: \.sameAPI)
        ]

    /// `copy`'s options, each with where its value goes.
    package static let bindings: [OptionBinding<CopyOptions>] =
        ownBindings + APISide.from.bindings(into: \.from) + APISide.to.bindings(into: \.to)

    /// `copy`'s options, as the parser and completion read them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let (source, target) = try await run.sides(from: from, to: to)
        try run.checkTwoAPIs(source, target, command: "copy", meant: sameAPI)
        // The target is written: a protected one asks first.
        try run.confirmWrite(target)
        try run.openUndoLog(target)
        return try await CopyCommand(options: self, from: source, to: target, run: run).run()
    }
}
