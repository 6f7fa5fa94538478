import GQLPatchSupport
import GQLPatchUndo

extension UndoOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `undo FILE [--run ID] [--only KEY]... [-j N] [--rate N] [--journal PATH] [--resume] ...`
    package static let syntax = CommandSyntax(
        name: "undo",
        summary: "undo FILE [--run ID] [--only KEY]   put back what an --undo-log run changed",
        help: HelpText.undo, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var undo = UndoOptions()
        guard let path = positionals.first else {
            throw .usage("undo needs the undo log to read: gqlpatch undo FILE (the --undo-log FILE of the run)")
        }
        if positionals.count > 1 { throw .usage("undo reads one undo log: unexpected argument '\(positionals[1])'") }
        undo.path = path
        try OptionBinding.apply(bindings, options, to: &undo)
        if undo.batch.resume, undo.batch.journal == nil {
            throw .usage("\(OptionName.resume) needs \(OptionName.journal) PATH (the journal of the undo to resume)")
        }
        return undo
    }

    /// `undo`'s options, each with where its value goes.
    package static let bindings: [OptionBinding<UndoOptions>] = {
        let own: [OptionBinding<UndoOptions>] = [
            .value(
                OptionName.run, "ID", "only the writes of this run (its id is in the log)", read: .text, into: \.run),
            OptionBinding(
                .value(
                    OptionName.only, "KEY",
                    "only this record: VALUE, or FIELD=VALUE,... for a composite key; repeatable",
                    repeats: true)
            ) { (undo, value, given) throws(GQLPatchError) in
                undo.only.append(try UndoKeyFilter(value, option: given))
            },
        ]
        let running = ApplyOptions.bindings.filter { SelectionOptions.runNames.contains($0.spec.name) }
            .map { $0.lifted(\UndoOptions.batch) }
        return own + running
    }()

    /// `undo`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await UndoCommand(options: self, run: run).run()
    }
}
