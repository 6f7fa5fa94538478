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
    /// The command writes records: a protected environment asks first (`confirmWrite`).
    package var writes = false
    /// Ask the control plane again for an API named by its id, rather than read its cache.
    package var refreshAPI = false

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
    ) async throws(GQLPatchError) -> Settings {
        try environmentCheck?.check()
        var input = options.settingsInput
        input.refreshAPI = refreshAPI
        let settings = try await Settings.resolve(
            input, environment: environment, context: context.settings,
            requireEndpoint: requireEndpoint,
            requireSchema: requireSchema, sending: sending, focus: focus)
        if let choice = settings.environmentChoice { context.environmentNote?.withValue { $0 = choice.name } }
        if let api = settings.api { context.apiNote?.withValue { $0 = api.fromCache } }
        if writes {
            try confirmWrite(settings)
            try openUndoLog(settings)
        }
        return settings
    }

    /// Opens the run's undo log, if one was asked for, for writes to `settings`' API (not for a dry
    /// run, which writes nothing). `copy` calls it for its target.
    package func openUndoLog(_ settings: Settings) throws(GQLPatchError) {
        guard !settings.dryRun, let opening = context.undoLog else { return }
        let log = try opening.open(for: settings, secrets: context.secrets)
        if settings.verbose {
            context.console.message("gqlpatch: undo log \(log.path): run \(log.run)")
        }
    }

    /// A write to a protected environment: the environment's name typed on a terminal, or `--yes`;
    /// refused otherwise (exit 64, nothing sent). A dry run sends nothing, so it is free.
    package func confirmWrite(_ settings: Settings) throws(GQLPatchError) {
        guard let choice = settings.environmentChoice, choice.environment.protected, !settings.dryRun, !options.yes
        else { return }
        guard let ask = context.ask else {
            throw .usage(
                "the environment is protected and standard input is not a terminal to confirm this write: pass \(OptionName.yes) to go on (or \(OptionName.dryRun) to see it); nothing was sent"
            )
        }
        let answer = ask("gqlpatch: environment \(choice.name) is protected. Type its name to write to it: ")
        guard answer?.trimmingWhitespace() == choice.name else {
            throw .usage(
                "the write was not confirmed (the answer was not the environment's name); nothing was sent")
        }
    }
}
