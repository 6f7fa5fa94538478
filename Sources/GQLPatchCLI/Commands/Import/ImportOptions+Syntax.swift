import GQLPatchBatch
import GQLPatchSupport

extension ImportOptions: CommandDefinition {
    /// `import FILE [--mode M] [--map-owner OLD=NEW]... [--owner VALUE] [-j N] [--rate N|auto] [--journal PATH] [--resume] [--max-attempts N] [--continue-on-error]`
    package static let syntax = CommandSyntax(
        name: "import",
        summary: "import FILE                        write an export file into the API, parents first",
        help: HelpText.importCommand, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var command = ImportOptions()
        guard let path = positionals.first else {
            throw .usage("import needs the file an export wrote: gqlpatch import FILE")
        }
        if positionals.count > 1 {
            throw .usage("import reads one file: unexpected argument '\(positionals[1])'")
        }
        if path == "-" {
            throw .usage(
                "import reads its file twice (checked whole before anything is sent), so it takes a file, not standard input"
            )
        }
        command.path = path
        command.run.path = path
        try OptionBinding.apply(bindings, options, to: &command)
        if command.run.resume, command.run.journal == nil {
            throw .usage("\(OptionName.resume) needs \(OptionName.journal) PATH (the journal of the run to resume)")
        }
        if command.owner != nil, !command.ownerMap.isEmpty {
            throw .usage(
                "\(OptionName.owner) and \(OptionName.mapOwner) do not go together: \(OptionName.owner) sets every owner field whatever it held"
            )
        }
        return command
    }

    /// The options `import` takes from `apply` as they are.
    static let sharedNames: Set<String> = [
        OptionName.concurrency, OptionName.rate, OptionName.journal, OptionName.resume, OptionName.maxAttempts,
        OptionName.continueOnError,
    ]

    /// `import`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<ImportOptions>] =
        [
            .value(
                OptionName.mode, "M",
                """
                upsert (default): update a record that is there, else create it;
                create: create only, a record already there is reported (a
                "conflict" line), not overwritten; replace: upsert that also clears
                the fields the target has and the file never names
                """, read: .choice(), into: \.mode),
            OptionBinding(
                .value(
                    OptionName.mapOwner, "OLD=NEW",
                    "write owner value OLD as NEW in the fields of @auth owner rules (repeat)", repeats: true)
            ) { (command, value, given) throws(GQLPatchError) in
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    throw .usage("\(given) expects OLD=NEW (an owner value and its replacement), got '\(value)'")
                }
                let old = String(value[..<equals])
                let new = String(value[value.index(after: equals)...])
                if let earlier = command.ownerMap[old], earlier != new {
                    throw .usage("\(given) maps '\(old)' twice ('\(earlier)' and '\(new)')")
                }
                command.ownerMap[old] = new
            },
            .value(
                OptionName.owner, "VALUE", "set every owner field (of @auth owner rules) to VALUE", read: .text,
                into: \.owner),
        ]
        + ApplyOptions.bindings.filter { !sharedNames.isDisjoint(with: $0.spec.names) }.map { $0.lifted(\.run) }

    /// `import`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        var command = ImportCommand(options: self, settings: try run.settings(), context: run.context)
        command.resumeCommand = ResumeCommand.text(for: run.arguments)
        command.catchesInterrupt = run.environmentCheck != nil
        return try await command.run()
    }
}
