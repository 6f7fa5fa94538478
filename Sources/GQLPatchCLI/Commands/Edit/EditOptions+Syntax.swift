import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension EditOptions: CommandDefinition {
    package var writes: Bool { true }
    /// The user's edit is made before the plan: it is not asked for twice.
    package var replans: Bool { false }

    package static let syntax = CommandSyntax(
        name: "edit", summary: "edit <Model> <key>                 edit one record in $VISUAL / $EDITOR",
        help: HelpText.edit, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "edit", keyed: options)
        var given = KeyedOptions(EditOptions(model: model, key: .fields([])))
        try OptionBinding.apply(bindings, options, to: &given)
        return try given.resolved(command: "edit", key: \.key)
    }

    /// `edit`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<KeyedOptions<EditOptions>>] = [
        .id(\.id), .key(\.keys),
        .flag(
            OptionName.unguarded,
            """
            write an unversioned record even when its updatedAt cannot guard
            the write (racy: a concurrent change can be lost)
            """, sets: \.options.unguarded),
    ]

    /// `edit`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        if run.options.dryRun { throw .usage("edit cannot --dry-run: it reads the record (use update --preview)") }
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        try await EditCommand(options: self, settings: settings, context: run.context, environment: run.environment)
            .run()
        return .success
    }
}
