/// What the command line asks for.
package enum Command: Sendable {
    /// `--help`, `help`, or `<command> --help`; the topic is a command name or nil for the overview.
    case help(topic: String?)
    case version
    /// A command (`update`, `apply`, ...) as parsed: its value knows its syntax and how it runs.
    case run(any CommandDefinition)

    /// The command's name, as typed (`update`, `apply`, ...); nil for help and version.
    package var name: String? {
        guard case .run(let command) = self else { return nil }
        return type(of: command).syntax.name
    }

    /// The parsed command when it is a `Definition` (`UpdateOptions`, ...).
    package func parsed<Definition: CommandDefinition>(as _: Definition.Type) -> Definition? {
        guard case .run(let command) = self else { return nil }
        return command as? Definition
    }
}
