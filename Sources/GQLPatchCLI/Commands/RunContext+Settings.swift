import GQLPatchSettings

extension RunContext {
    /// What resolving settings may touch of this run, with the command line's words for what it reports.
    package var settings: SettingsContext {
        var context = SettingsContext(
            console: console, files: files, transport: transport, transports: transports,
            workingDirectory: workingDirectory, wording: CommandLineWording())
        context.secrets = secrets
        context.credentialNote = credentialNote
        context.signInArithmetic = signInArithmetic
        return context
    }
}
