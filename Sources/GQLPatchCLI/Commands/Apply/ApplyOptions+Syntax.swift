import GQLPatchSupport

extension ApplyOptions: CommandDefinition {
    /// A preview reads only.
    package var writes: Bool { !preview }

    /// `apply [PATH | -] [-j N] [--rate N | auto] [--atomic] [--journal PATH] [--resume] [--max-attempts N] [--continue-on-error]`
    package static let syntax = CommandSyntax(
        name: "apply",
        summary: "apply [PATH | -]                   create, update and delete many records from JSON Lines",
        help: ApplyOptions.help, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var apply = ApplyOptions()
        if positionals.count > 1 {
            throw .usage("apply reads one input: unexpected argument '\(positionals[1])'")
        }
        if let path = positionals.first { apply.path = path }
        try OptionBinding.apply(bindings, options, to: &apply)
        if apply.resume, apply.journal == nil {
            throw .usage("--resume needs --journal PATH (the journal of the run to resume)")
        }
        if apply.atomic, apply.shard != nil {
            throw .usage(
                "--atomic and --shard do not go together: each shard's job would undo only its own lines, not the whole input"
            )
        }
        if apply.atomic, apply.continueOnError {
            throw .usage(
                "--atomic and --continue-on-error contradict each other (--atomic undoes everything at the first failure)"
            )
        }
        return apply
    }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        var command = ApplyCommand(options: self, settings: try await run.settings(), context: run.context)
        command.resumeCommand = ResumeCommand.text(for: run.arguments)
        return try await command.run()
    }
}
