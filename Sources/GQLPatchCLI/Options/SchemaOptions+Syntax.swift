import GQLPatchSupport

extension SchemaOptions {
    /// `schema [<Model>]` or `schema pull`
    package static let syntax = CommandSyntax(
        name: "schema", summary: "schema [<Model>] | schema pull     show the models, or fetch the SDL",
        help: HelpText.schema,
        valueOptions: []
    ) { (_, positionals) throws(GQLPatchError) -> Command in
        if positionals.count > 1 {
            throw .usage("unexpected argument '\(positionals[1])' (schema takes one model name, or pull)")
        }
        switch positionals.first {
        case nil: return .schema(SchemaOptions(action: .catalogue))
        case "pull": return .schema(SchemaOptions(action: .pull))
        case let name?: return .schema(SchemaOptions(action: .model(name)))
        }
    }
}
