import GQLPatchSettings
import GQLPatchSupport

extension EnvOptions: CommandDefinition {
    /// `env`'s own options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<EnvOptions>] = [
        .value(
            OptionName.apiKeyEnv, "VAR", "add: the environment variable that holds the API key (never the key)",
            read: .text, into: \.apiKeyVariable),
        .value(
            OptionName.apiKeyFile, "PATH", "add: the file that holds the API key (never the key)", read: .text,
            into: \.apiKeyFile),
        .flag(
            OptionName.protect, "add: a write to it asks for its name on a terminal, or --yes elsewhere",
            sets: \.protect),
    ]

    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    /// `env add|list|show|remove|use [NAME]`
    package static let syntax = CommandSyntax(
        name: "env", summary: "env add|list|show|remove|use       named environments (staging, production)",
        help: HelpText.env, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let names = Action.allCases.map(\.rawValue)
        guard let first = positionals.first else {
            throw .usage("env needs an action: \(names.joined(separator: ", "))")
        }
        guard let action = Action(rawValue: first) else {
            throw .usage("unknown env action '\(first)'\(FieldSuggestion.phrase(for: first, among: names))")
        }
        var env = EnvOptions(action: action)
        try OptionBinding.apply(bindings, options, to: &env)
        let rest = positionals.dropFirst()
        switch action {
        case .list:
            if let extra = rest.first { throw .usage("unexpected argument '\(extra)' (env list takes none)") }
        case .show:
            if rest.count > 1 { throw .usage("unexpected argument '\(rest.last!)' (env show takes one name at most)") }
            env.name = rest.first
        case .add, .remove, .use:
            guard let name = rest.first else { throw .usage("env \(action.rawValue) needs the environment's name") }
            if rest.count > 1 {
                throw .usage("unexpected argument '\(rest.last!)' (env \(action.rawValue) takes one name)")
            }
            guard NamedEnvironment.isValidName(name) else {
                throw .usage(
                    "'\(name)' is not an environment name: a letter or digit, then up to 63 letters, digits, '.', '_' or '-'"
                )
            }
            env.name = name
        }
        if action != .add, env.apiKeyVariable != nil || env.apiKeyFile != nil || env.protect {
            throw .usage(
                "\(OptionName.apiKeyEnv), \(OptionName.apiKeyFile) and \(OptionName.protect) go with 'env add'")
        }
        if env.apiKeyVariable != nil, env.apiKeyFile != nil {
            throw .usage("give the API key's place once: \(OptionName.apiKeyEnv) VAR or \(OptionName.apiKeyFile) PATH")
        }
        return env
    }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try EnvCommand(options: self, command: run).run()
    }
}
