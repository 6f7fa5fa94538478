import GQLPatchSupport

/// Puts a named environment's values into what the command line gave, by the documented precedence:
/// a command-line flag, then the environment chosen by name (on the command line or `GQLPATCH_ENV`),
/// then the `GQLPATCH_*` variables, then the working directory's config, then `env use`'s default
/// (used only in a folder with no Amplify config of its own, and under the variables). The chosen
/// environment's values are taken as given values, so the variables and the config come after them
/// value by value as they come after flags. Nothing is written.
package enum EnvironmentLayer {
    /// `given` with the chosen environment's values where nothing above them gave one, and the choice
    /// (nil: no environment).
    package static func apply(_ given: SettingsInput, environment: [String: String], context: SettingsContext)
        throws(GQLPatchError) -> (SettingsInput, EnvironmentChoice?)
    {
        let console = context.console
        return try apply(
            given, environment: environment, files: context.files, workingDirectory: context.workingDirectory,
            warn: { console.message("gqlpatch: warning: \($0)") })
    }

    /// `apply`, with what it reads given one by one.
    package static func apply(
        _ given: SettingsInput, environment: [String: String], files: FileSystem, workingDirectory: String,
        warn: @escaping @Sendable (String) -> Void
    ) throws(GQLPatchError) -> (SettingsInput, EnvironmentChoice?) {
        guard
            let choice = try choose(
                given, environment: environment, files: files, workingDirectory: workingDirectory, warn: warn)
        else { return (given, nil) }
        var input = given
        let named = choice.environment
        // The default comes after the variables; a chosen one before them.
        let underVariables = choice.reason == .defaultEnvironment
        func unset(_ variable: String) -> Bool {
            !underVariables || (environment[variable].map(\.isEmpty) ?? true)
        }
        if input.endpoint == nil, unset("GQLPATCH_ENDPOINT") { input.endpoint = named.endpoint }
        if input.apiID == nil, unset("GQLPATCH_API_ID") { input.apiID = named.apiID }
        if input.schemaPath == nil, unset("GQLPATCH_SCHEMA") { input.schemaPath = named.schemaPath }
        if input.configPath == nil { input.configPath = named.configPath }
        if input.auth == nil, unset("GQLPATCH_AUTH") { input.auth = named.auth }
        if input.region == nil, unset("AWS_REGION"), unset("AWS_DEFAULT_REGION") { input.region = named.region }
        if input.profile == nil, unset("AWS_PROFILE") { input.profile = named.profile }
        if input.userPoolID == nil, unset("GQLPATCH_USER_POOL_ID") { input.userPoolID = named.userPoolID }
        if input.clientID == nil, unset("GQLPATCH_CLIENT_ID") { input.clientID = named.clientID }
        if input.apiKey == nil, unset("GQLPATCH_API_KEY") {
            input.apiKey = try apiKey(of: named, environment: environment, files: files)
        }
        return (input, choice)
    }

    /// The environment a run uses: the one named (flag, then `GQLPATCH_ENV`), else `env use`'s default
    /// when the working directory has no Amplify config and neither a config flag nor an API id
    /// names the API.
    package static func choose(
        _ given: SettingsInput, environment: [String: String], files: FileSystem, workingDirectory: String,
        warn: @escaping @Sendable (String) -> Void
    ) throws(GQLPatchError) -> EnvironmentChoice? {
        let flag = given.environmentName.flatMap { $0.isEmpty ? nil : $0 }
        let variable = environment["GQLPATCH_ENV"].flatMap { $0.isEmpty ? nil : $0 }
        let store = EnvironmentStore(environment: environment, warn: warn)
        if let name = flag ?? variable {
            guard let store else {
                throw .configuration(
                    "environment \(name) is named, but neither HOME nor XDG_CONFIG_HOME is set to find the environments file"
                )
            }
            let found = try store.load().environment(named: name, path: store.path)
            return EnvironmentChoice(environment: found, reason: flag != nil ? .flag : .variable)
        }
        // An API named by its id (as by a config flag) is not the default's either.
        let apiNamed = given.apiID != nil || environment["GQLPATCH_API_ID"].map { !$0.isEmpty } == true
        guard let store, given.configPath == nil, !apiNamed,
            AmplifyConfigReader.discover(in: workingDirectory, files: files) == nil
        else { return nil }
        let file = try store.load()
        return file.defaultName.flatMap { file[$0] }.map {
            EnvironmentChoice(environment: $0, reason: .defaultEnvironment)
        }
    }

    /// The API key the environment names: its variable's value, or its file's text (trimmed).
    static func apiKey(of named: NamedEnvironment, environment: [String: String], files: FileSystem)
        throws(GQLPatchError) -> String?
    {
        if let variable = named.apiKeyVariable {
            guard let key = environment[variable], !key.isEmpty else {
                throw .configuration(
                    "environment \(named.name) takes its API key from $\(variable), which is not set; set it, or give the key another way"
                )
            }
            return key
        }
        if let path = named.apiKeyFile {
            let bytes = try files.read(path, limit: .valueFile)
            var text = Substring(String(decoding: bytes, as: UTF8.self))
            while let last = text.last, last.isWhitespace { text.removeLast() }
            while let first = text.first, first.isWhitespace { text.removeFirst() }
            let key = String(text)
            guard !key.isEmpty else {
                throw .configuration("environment \(named.name) takes its API key from \(path), which is empty")
            }
            return key
        }
        return nil
    }
}
