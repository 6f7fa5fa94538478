import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport

/// Turns argv (without the program name) into an `Invocation`. Hand-written: global options are
/// accepted before or after the command, `--name value` and `--name=value` both work, and every
/// mistake is a usage error (exit 64) that names the argument. Each command's own options are
/// described by its `CommandSyntax`, the global ones by `GlobalOptions.table`.
public struct CommandLineParser: Sendable {
    /// Global options that take a value.
    package static let globalValueOptions = GlobalOptions.table.valueNames
    /// Global options that take no value.
    package static let globalFlags = GlobalOptions.table.flagNames

    private var arguments: [String]
    private var index = 0
    private var globals = GlobalArguments()
    private var command: CommandSyntax?
    private var isHelpCommand = false
    private var commandOptions: [ParsedOption] = []
    private var positionals: [String] = []

    private init(arguments: [String]) {
        self.arguments = arguments
    }

    package static func parse(_ arguments: [String]) throws(GQLPatchError) -> Invocation {
        var parser = CommandLineParser(arguments: arguments)
        return try parser.run()
    }

    /// The command a command line names, also when it does not parse: for the help hint of an error.
    /// The first argument that is neither an option nor a global option's value.
    package static func commandName(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument.hasPrefix("-"), argument != "-" {
                if argument == "--" { return nil }
                if globalValueOptions.contains(argument) { index += 1 }
                continue
            }
            return CommandSyntax.named(argument)?.name
        }
        return nil
    }

    private static var commandNames: [String] { CommandSyntax.all.map(\.name) }

    private mutating func run() throws(GQLPatchError) -> Invocation {
        var endOfOptions = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if endOfOptions || !argument.hasPrefix("-") || argument == "-" {
                try takePositional(argument)
                continue
            }
            if argument == "--" {
                endOfOptions = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.count > 2, takesValue(String(argument.prefix(2))) {
                // `-j8` is `-j 8`, as getopt reads an attached short option value.
                name = String(argument.prefix(2))
                inlineValue = String(argument.dropFirst(2))
            }
            try takeOption(name, inlineValue: inlineValue)
        }
        return try finish()
    }

    private mutating func takePositional(_ argument: String) throws(GQLPatchError) {
        if command == nil, !isHelpCommand {
            if argument == "help" {
                isHelpCommand = true
                return
            }
            guard let syntax = CommandSyntax.named(argument) else {
                throw .usage(
                    "unknown command '\(argument)'\(FieldSuggestion.phrase(for: argument, among: Self.commandNames))")
            }
            command = syntax
            return
        }
        positionals.append(argument)
    }

    /// Whether the option takes a value, globally or in the command read so far.
    private func takesValue(_ name: String) -> Bool {
        Self.globalValueOptions.contains(name) || command?.valueOptions.contains(name) == true
    }

    private mutating func value(for name: String, inline: String?) throws(GQLPatchError) -> String {
        if let inline { return inline }
        guard index < arguments.count else { throw .usage("missing value for \(name)") }
        defer { index += 1 }
        return arguments[index]
    }

    private mutating func takeOption(_ name: String, inlineValue: String?) throws(GQLPatchError) {
        if name == OptionName.password {
            throw .usage(
                "--password is not taken: a command line is visible to other users (ps); set GQLPATCH_PASSWORD or pass --password-file PATH"
            )
        }
        // A command's own option of a global option's name (`watch --timeout DURATION`, the whole
        // wait, beside the global per-request `--timeout SECONDS`) is the command's after it.
        let commandDeclares = command.map { $0.valueOptions.contains(name) || $0.flags.contains(name) } ?? false
        if !commandDeclares, let global = GlobalOptions.bindings.first(where: { $0.spec.names.contains(name) }) {
            var value = ""
            if global.spec.takesValue {
                value = try self.value(for: name, inline: inlineValue)
            } else if inlineValue != nil {
                throw .usage("\(name) takes no value")
            }
            try global.apply(&globals, value, name)
            return
        }
        if let command {
            if command.valueOptions.contains(name) {
                commandOptions.append(ParsedOption(name: name, value: try value(for: name, inline: inlineValue)))
                return
            }
            if command.flags.contains(name) {
                if inlineValue != nil { throw .usage("\(name) takes no value") }
                commandOptions.append(ParsedOption(name: name, value: nil))
                return
            }
        }
        let anyCommandOption = CommandSyntax.all.contains { $0.valueOptions.contains(name) || $0.flags.contains(name) }
        if command == nil, anyCommandOption {
            throw .usage(
                "\(name) is an option of a command; put it after the command (for example 'gqlpatch update Item \(name) ...')"
            )
        }
        var known = Self.globalValueOptions.union(Self.globalFlags)
        if let command { known.formUnion(command.valueOptions.union(command.flags)) }
        throw .usage("unknown option '\(name)'\(FieldSuggestion.phrase(for: name, among: known.sorted()))")
    }

    private func finish() throws(GQLPatchError) -> Invocation {
        if globals.wantsHelp || isHelpCommand {
            let topic = isHelpCommand ? positionals.first : command?.name
            // `auth login --help` (and `help auth login`): the action's own page.
            let action = isHelpCommand ? positionals.dropFirst().first : positionals.first
            if topic == AuthOptions.syntax.name, let action, HelpText.auth(action: action) != nil {
                return Invocation(command: .help(topic: "auth \(action)"), options: globals.options)
            }
            // `call <operation> --help` (and `help call <operation>`): that operation, from the schema.
            if topic == CallOptions.syntax.name, let action {
                var call = CallOptions()
                call.operation = action
                call.describe = true
                return Invocation(command: .run(call), options: globals.options)
            }
            if let topic, topic != HelpText.globalsTopic, CommandSyntax.named(topic) == nil {
                throw .usage("no help for '\(topic)'\(FieldSuggestion.phrase(for: topic, among: Self.commandNames))")
            }
            return Invocation(command: .help(topic: topic), options: globals.options)
        }
        if globals.wantsVersion { return Invocation(command: .version, options: globals.options) }
        guard let command else {
            throw .usage("no command given")
        }
        return Invocation(command: .run(try command.build(commandOptions, positionals)), options: globals.options)
    }
}
