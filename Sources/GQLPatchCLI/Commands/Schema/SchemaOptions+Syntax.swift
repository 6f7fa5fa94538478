import GQLPatchSupport

extension SchemaOptions: CommandDefinition {
    /// `schema [<Model>]` or `schema pull`
    package static let syntax = CommandSyntax(
        name: "schema", summary: "schema [<Model>] | schema pull     show the models, or fetch the SDL",
        help: HelpText.schema, options: []
    ) { (_, positionals) throws(GQLPatchError) -> any CommandDefinition in
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])' (schema takes one model name, or pull)")
        }
        switch positionals.first {
        case nil: return SchemaOptions(action: .catalogue)
        case "pull": return SchemaOptions(action: .pull)
        case let name?: return SchemaOptions(action: .model(name))
        }
    }

    /// `schema pull` needs the endpoint, not a schema; showing the schema needs no endpoint and no credentials.
    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        if action == .pull {
            try await SchemaCommand(options: self, settings: run.settings(requireSchema: false), context: run.context)
                .pull()
        } else {
            try SchemaCommand(
                options: self, settings: run.settings(requireEndpoint: false, sending: .never), context: run.context
            )
            .show()
        }
        return .success
    }
}
