import GQLPatchSupport

extension SchemaOptions: CommandDefinition {
    /// `schema`'s own options, as its `--help` lists them.
    package static let bindings: [OptionBinding<SchemaOptions>] = [
        .flag(
            OptionName.refresh, "with an API id: ask the control plane again, not the cache", sets: \.refresh)
    ]

    /// `schema [<Model>]` or `schema pull`
    package static let syntax = CommandSyntax(
        name: "schema", summary: "schema [<Model>] | schema pull     show the models, or fetch the SDL",
        help: HelpText.schema, options: bindings.map(\.spec)
    ) { (parsed, positionals) throws(GQLPatchError) -> any CommandDefinition in
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])' (schema takes one model name, or pull)")
        }
        var options: SchemaOptions
        switch positionals.first {
        case nil: options = SchemaOptions(action: .catalogue)
        case "pull": options = SchemaOptions(action: .pull)
        case let name?: options = SchemaOptions(action: .model(name))
        }
        try OptionBinding.apply(bindings, parsed, to: &options)
        return options
    }

    /// `schema pull` needs the endpoint, not a schema; showing the schema needs no endpoint and no credentials.
    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        var run = run
        run.refreshAPI = refresh
        let settings =
            action == .pull
            ? try await run.settings(requireSchema: false)
            : try await run.settings(requireEndpoint: false, sending: .never)
        if refresh, settings.api == nil {
            throw .usage(
                "\(OptionName.refresh) asks AppSync's control plane again for an API named by its id: give \(OptionName.apiID) ID (or an environment with one)"
            )
        }
        let command = SchemaCommand(options: self, settings: settings, context: run.context)
        if action == .pull { try await command.pull() } else { try command.show() }
        return .success
    }
}
