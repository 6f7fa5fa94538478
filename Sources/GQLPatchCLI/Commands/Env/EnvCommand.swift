import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch env`: adds, lists, shows, removes and picks the default of the named environments
/// (`EnvironmentStore`). `add` stores the global options given with it (where the API is, its schema,
/// its auth mode, region, profile, user pool) and never a secret: a key is named by the variable or
/// the file that holds it. Only `add`, `remove` and `use` write the file.
struct EnvCommand {
    var options: EnvOptions
    var command: CommandRun

    private var console: Console { command.context.console }

    func run() throws(GQLPatchError) -> ExitCode {
        try command.environmentCheck?.check()
        if options.action != .show, command.options.environmentName != nil {
            throw .usage(
                "\(OptionName.env) picks an environment for a command; env \(options.action.rawValue) works on the environments file itself"
            )
        }
        let store = try self.store()
        switch options.action {
        case .add: try add(store)
        case .list: try list(store)
        case .show: try show()
        case .remove: try remove(store)
        case .use: try use(store)
        }
        return .success
    }

    private func store() throws(GQLPatchError) -> EnvironmentStore {
        let console = self.console
        guard
            let store = EnvironmentStore(
                environment: command.environment, warn: { console.message("gqlpatch: warning: \($0)") })
        else {
            throw .configuration("the environments file needs HOME or XDG_CONFIG_HOME (an absolute path) to be set")
        }
        return store
    }

    private var printer: JSONPrinter { JSONPrinter(pretty: command.options.pretty, console: console) }

    private func add(_ store: EnvironmentStore) throws(GQLPatchError) {
        let given = command.options
        let name = options.name ?? ""
        // Secrets stay where they are: the file names them.
        let secrets: [(Bool, String)] = [
            (given.apiKey != nil, OptionName.apiKey), (given.token != nil, OptionName.token),
            (given.clientSecret != nil, OptionName.clientSecret), (given.passwordFile != nil, OptionName.passwordFile),
            (given.mfaCode != nil, OptionName.mfaCode), (!given.headers.isEmpty, OptionName.header),
        ]
        if let secret = secrets.first(where: \.0)?.1 {
            throw .usage(
                "env add stores no secret, and \(secret) gives one: name where the API key is kept instead (\(OptionName.apiKeyEnv) VAR or \(OptionName.apiKeyFile) PATH); tokens and passwords are given to each command, or come from its sign-in"
            )
        }
        guard given.endpoint != nil || given.configPath != nil || given.apiID != nil else {
            throw .usage(
                "env add \(name) needs where the API is: \(OptionName.endpoint) URL, \(OptionName.config) PATH (an Amplify config) or \(OptionName.apiID) ID"
            )
        }
        if let id = given.apiID, !APIByID.isValidID(id) {
            throw .usage("\(OptionName.apiID) '\(id)' is not an AppSync API id (letters, digits and '-')")
        }
        var file = try store.load()
        if file[name] != nil {
            throw .usage("environment \(name) is there already (\(store.path)); env remove \(name) first to replace it")
        }
        guard file.environments.count < EnvironmentFile.maximumCount else {
            throw .usage("the environments file holds \(EnvironmentFile.maximumCount) environments, the most it takes")
        }
        var environment = NamedEnvironment(name: name)
        if let endpoint = given.endpoint {
            try Settings.checkEndpoint(endpoint, wording: CommandLineWording())
            environment.endpoint = endpoint
        }
        environment.apiID = given.apiID
        environment.configPath = try path(given.configPath, what: "config")
        environment.schemaPath = try path(given.schemaPath, what: "schema")
        environment.auth = given.auth
        environment.region = given.region
        environment.profile = given.profile
        environment.userPoolID = given.userPoolID
        environment.clientID = given.clientID
        if let variable = options.apiKeyVariable {
            guard Self.isVariableName(variable) else {
                throw .usage(
                    "\(OptionName.apiKeyEnv) takes the name of an environment variable (letters, digits, '_'), got '\(variable)'"
                )
            }
            environment.apiKeyVariable = variable
        }
        environment.apiKeyFile = try path(options.apiKeyFile, what: "API key file")
        environment.protected = options.protect
        file.environments.append(environment)
        try store.save(file)
        console.message(
            "gqlpatch: env: added \(name)\(environment.protected ? " (protected)" : "") to \(store.path)")
        try printer.print(environment.json, to: console)
    }

    /// A path as stored: absolute (the environment is used from any folder); the file must be there.
    private func path(_ given: String?, what: String) throws(GQLPatchError) -> String? {
        guard let given else { return nil }
        let absolute = given.hasPrefix("/") ? given : FilePathText.join(command.context.workingDirectory, given)
        guard command.context.files.exists(absolute) else {
            throw .unreadableFile("cannot read \(absolute): the \(what) is not there")
        }
        return absolute
    }

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first), name.utf8.count <= 255 else { return false }
        return name.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F
        }
    }

    private func list(_ store: EnvironmentStore) throws(GQLPatchError) {
        let file = try store.load()
        let list = file.environments.map { environment -> JSONValue in
            guard case .object(var object) = environment.json else { return environment.json }
            object["default"] = .bool(file.defaultName == environment.name)
            return .object(object)
        }
        try printer.print(.array(list), to: console)
    }

    /// What a run here would use, value by value, with where each comes from (`show NAME`: as with
    /// `--env NAME`).
    private func show() throws(GQLPatchError) {
        var given = command.options.settingsInput
        if let name = options.name { given.environmentName = name }
        let report = try EnvironmentReport(given, environment: command.environment, context: command.context.settings)
        var object = JSONObject()
        object["environment"] = report.choice.map { .string($0.name) } ?? .null
        object["chosenBy"] = report.choice.map { .string(Self.reason($0.reason)) } ?? .null
        object["protected"] = .bool(report.choice?.environment.protected ?? false)
        object["values"] = .array(
            report.values.map { value in
                var entry = JSONObject([("name", .string(value.name))])
                if let shown = value.value { entry["value"] = .string(shown) }
                entry["from"] = .string(Self.source(value))
                return .object(entry)
            })
        try printer.print(.object(object), to: console)
    }

    static func reason(_ reason: EnvironmentChoice.Reason) -> String {
        switch reason {
        case .flag: OptionName.env
        case .variable: "GQLPATCH_ENV"
        case .defaultEnvironment: "env use"
        }
    }

    /// `--endpoint`, `environment prod (--env)`, `GQLPATCH_ENDPOINT`, `./amplify_outputs.json`.
    static func source(_ value: SettingValue) -> String {
        switch value.source {
        case .commandLine: flags[value.name] ?? "the command line"
        case .environment(let name, let reason): "environment \(name) (\(Self.reason(reason)))"
        case .variable(let name): name
        case .config(let path): path
        case .api(let id): "API \(id) (AppSync's control plane)"
        }
    }

    /// The flag giving each value `env show` names.
    static let flags: [String: String] = [
        "endpoint": OptionName.endpoint, "apiId": OptionName.apiID, "schema": OptionName.schema,
        "config": OptionName.config,
        "auth": OptionName.auth, "apiKey": OptionName.apiKey, "region": OptionName.region,
        "profile": OptionName.profile, "userPoolId": OptionName.userPoolId, "clientId": OptionName.clientId,
    ]

    private func remove(_ store: EnvironmentStore) throws(GQLPatchError) {
        let name = options.name ?? ""
        var file = try store.load()
        _ = try file.environment(named: name, path: store.path)
        file.environments.removeAll { $0.name == name }
        if file.defaultName == name { file.defaultName = nil }
        try store.save(file)
        console.message("gqlpatch: env: removed \(name) from \(store.path)")
        try printer.print(.object(JSONObject([("removed", .string(name))])), to: console)
    }

    private func use(_ store: EnvironmentStore) throws(GQLPatchError) {
        let name = options.name ?? ""
        var file = try store.load()
        _ = try file.environment(named: name, path: store.path)
        file.defaultName = name
        try store.save(file)
        console.message(
            "gqlpatch: env: \(name) is the default where a folder has no Amplify config of its own (\(OptionName.env) and GQLPATCH_ENV choose another)"
        )
        try printer.print(.object(JSONObject([("default", .string(name))])), to: console)
    }
}
