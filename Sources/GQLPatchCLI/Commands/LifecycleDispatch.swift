import GQLPatchSchema
import GQLPatchSupport

/// Runs the record commands (`get`, `create`, `delete`, `list`, `query`, `schema`): resolves the
/// settings each needs and runs it. Errors carry the exit code; success is 0.
package enum LifecycleDispatch {
    package static func run(_ invocation: Invocation, environment: [String: String], context: RunContext) async throws(GQLPatchError) -> Int32 {
        func settings(
            requireEndpoint: Bool = true, requireSchema: Bool = true, focus: CatalogueFocus? = nil
        ) throws(GQLPatchError) -> Settings {
            try Settings.resolve(
                invocation.options, environment: environment, context: context, requireEndpoint: requireEndpoint,
                requireSchema: requireSchema, focus: focus)
        }
        switch invocation.command {
        case .get(let options):
            try await GetCommand(
                options: options, settings: settings(focus: CatalogueFocus(models: [options.model])), context: context
            ).run()
        case .create(let options):
            try await CreateCommand(
                options: options, settings: settings(focus: CatalogueFocus(models: [options.model])), context: context
            ).run()
        case .delete(let options):
            let focus = CatalogueFocus(models: [options.model], followsRelationsTransitively: options.cascade)
            try await DeleteCommand(options: options, settings: settings(focus: focus), context: context).run()
        case .list(let options):
            try await ListCommand(
                options: options, settings: settings(focus: CatalogueFocus(models: [options.model])), context: context
            ).run()
        case .query(let options):
            try await QueryCommand(options: options, settings: settings(requireSchema: false), context: context).run()
        case .schema(let options):
            if options.action == .pull {
                try await SchemaCommand(options: options, settings: settings(requireSchema: false), context: context).pull()
            } else {
                try SchemaCommand(options: options, settings: settings(requireEndpoint: false), context: context).show()
            }
        case .help, .version, .update, .apply, .completion:
            break
        }
        return ExitCode.success.rawValue
    }
}
