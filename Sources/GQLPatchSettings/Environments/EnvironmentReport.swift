import GQLPatchSupport

/// What `env show` prints: the environment a run would use and, value by value, what the run would
/// take and where from, by `EnvironmentLayer`'s precedence (a flag, the environment chosen by name,
/// the variables, the working directory's config, `env use`'s default). A secret's value is never
/// kept: an API key shows where it comes from (an environment's shows the variable or file it names).
/// Reads; writes nothing.
package struct EnvironmentReport: Sendable {
    package var choice: EnvironmentChoice?
    /// In a fixed order; a value nothing gives is left out.
    package var values: [SettingValue]

    package init(_ given: SettingsInput, environment: [String: String], context: SettingsContext) throws(GQLPatchError)
    {
        let (layered, choice) = try EnvironmentLayer.apply(given, environment: environment, context: context)
        self.choice = choice
        let config = try Settings.loadConfig(layered, environment: environment, context: context)
        let named = choice?.environment
        func environmentSource() -> SettingSource? { choice.map { .environment($0.name, $0.reason) } }
        var values: [SettingValue] = []
        /// The value's source: the flag, then the chosen environment (before the variables) or the
        /// default one (after them and the config).
        func add(
            _ name: String, flag: String?, stored: String?, variables: [String], fromConfig: String?,
            secret: Bool = false
        ) {
            let shown = { (value: String) in secret ? nil : value }
            if let flag {
                values.append(SettingValue(name: name, value: shown(flag), source: .commandLine))
                return
            }
            let first = choice?.reason != .defaultEnvironment
            if first, let stored, let source = environmentSource() {
                // What an environment stores is never a secret (an API key is named, not kept).
                values.append(SettingValue(name: name, value: stored, source: source))
                return
            }
            for variable in variables {
                if let value = environment[variable], !value.isEmpty {
                    values.append(SettingValue(name: name, value: shown(value), source: .variable(variable)))
                    return
                }
            }
            if let fromConfig, let config {
                values.append(SettingValue(name: name, value: shown(fromConfig), source: .config(config.file)))
                return
            }
            if !first, let stored, let source = environmentSource() {
                values.append(SettingValue(name: name, value: stored, source: source))
            }
        }
        add(
            "endpoint", flag: given.endpoint, stored: named?.endpoint, variables: ["GQLPATCH_ENDPOINT"],
            fromConfig: config?.endpoint)
        add("apiId", flag: given.apiID, stored: named?.apiID, variables: ["GQLPATCH_API_ID"], fromConfig: nil)
        add(
            "schema", flag: given.schemaPath, stored: named?.schemaPath, variables: ["GQLPATCH_SCHEMA"],
            fromConfig: config?.modelIntrospection != nil ? config?.file : nil)
        add("config", flag: given.configPath, stored: named?.configPath, variables: [], fromConfig: nil)
        add(
            "auth", flag: given.auth?.rawValue, stored: named?.auth?.rawValue, variables: ["GQLPATCH_AUTH"],
            fromConfig: config?.defaultAuthMode.rawValue)
        let storedKey = named.flatMap { $0.apiKeyVariable.map { "$" + $0 } ?? $0.apiKeyFile }
        add(
            "apiKey", flag: given.apiKey, stored: storedKey, variables: ["GQLPATCH_API_KEY"],
            fromConfig: config?.apiKey, secret: true)
        add(
            "region", flag: given.region, stored: named?.region, variables: ["AWS_REGION", "AWS_DEFAULT_REGION"],
            fromConfig: config?.region)
        add("profile", flag: given.profile, stored: named?.profile, variables: ["AWS_PROFILE"], fromConfig: nil)
        add(
            "userPoolId", flag: given.userPoolID, stored: named?.userPoolID, variables: ["GQLPATCH_USER_POOL_ID"],
            fromConfig: config?.userPool?.poolID)
        add(
            "clientId", flag: given.clientID, stored: named?.clientID, variables: ["GQLPATCH_CLIENT_ID"],
            fromConfig: config?.userPool?.clientID)
        // An API named by its id stands for its endpoint, auth mode, user pool and schema where
        // nothing above its own place gives them (as cached: nothing is asked here; a value not
        // cached yet is looked up by the first command that needs it).
        if let apiRow = values.first(where: { $0.name == "apiId" }), let id = apiRow.value {
            // Ranks by the documented precedence: a value ranked after the API id's place gives way.
            func rank(_ source: SettingSource) -> Int {
                switch source {
                case .commandLine: 0
                case .environment(_, let reason): reason == .defaultEnvironment ? 4 : 1
                case .variable: 2
                case .config, .api: 3
                }
            }
            let api = try? APIByID.cached(id, origin: id, layered, environment: environment, context: context)
            let stood: [(String, String?)] = [
                ("endpoint", api?.description.graphQL), ("auth", api?.description.authMode?.rawValue),
                ("userPoolId", api?.description.userPoolID), ("schema", api?.schemaSource),
            ]
            for (name, value) in stood {
                let row = SettingValue(name: name, value: value, source: .api(id))
                if let index = values.firstIndex(where: { $0.name == name }) {
                    if rank(values[index].source) > rank(apiRow.source) { values[index] = row }
                } else if value != nil || name != "userPoolId" {
                    values.append(row)
                }
            }
        }
        self.values = values
    }
}
