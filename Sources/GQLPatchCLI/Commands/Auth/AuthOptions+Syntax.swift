import GQLPatchSupport

extension AuthOptions: CommandDefinition {
    package static let optionTable: [OptionSpec] = [
        .flag(OptionName.everywhere, "logout: also revoke the user's tokens on every device (GlobalSignOut)")
    ]

    /// `auth login|status|logout [--everywhere]`
    package static let syntax = CommandSyntax(
        name: "auth", summary: "auth login | status | logout      sign in to the user pool, and out",
        help: HelpText.auth, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let names = Action.allCases.map(\.rawValue)
        guard let first = positionals.first else {
            throw .usage("auth needs an action: \(names.joined(separator: ", "))")
        }
        guard let action = Action(rawValue: first) else {
            throw .usage("unknown auth action '\(first)'\(FieldSuggestion.phrase(for: first, among: names))")
        }
        if positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])' (auth takes one action)") }
        let everywhere = options.contains { $0.name == OptionName.everywhere }
        if everywhere, action != .logout { throw .usage("--everywhere goes with 'auth logout'") }
        return AuthOptions(action: action, everywhere: everywhere)
    }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await AuthCommand(options: self, run: run).run()
    }
}
