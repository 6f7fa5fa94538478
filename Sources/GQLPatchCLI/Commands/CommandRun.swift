import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport

/// What a command runs with: the global options as given, the environment, and the process's context.
package struct CommandRun: Sendable {
    package var options: GlobalOptions
    package var environment: [String: String]
    package var context: RunContext
    /// The environment as the process had it, checked for UTF-8 before anything reads it (nil: given
    /// as text, by a test).
    package var environmentCheck: ProcessEnvironment?
    /// The command line's arguments as given.
    package var arguments: [String] = []

    package init(
        options: GlobalOptions, environment: [String: String], context: RunContext,
        environmentCheck: ProcessEnvironment?
    ) {
        self.options = options
        self.environment = environment
        self.context = context
        self.environmentCheck = environmentCheck
    }

    /// The settings the command needs (see `Settings.resolve`), the environment checked first.
    package func settings(
        requireEndpoint: Bool = true, requireSchema: Bool = true, sending: Sending = .unlessDryRun,
        focus: CatalogueFocus? = nil
    ) throws(GQLPatchError) -> Settings {
        try environmentCheck?.check()
        return try Settings.resolve(
            options.settingsInput, environment: environment, context: context.settings,
            requireEndpoint: requireEndpoint,
            requireSchema: requireSchema, sending: sending, focus: focus)
    }
}
