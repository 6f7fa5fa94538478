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

    // MARK: - Helpers for command syntaxes

    /// `FIELD=VALUE`, `FIELD:=JSON` or `FIELD=@PATH`.
    package static func assignment(_ text: String, option: String) throws(GQLPatchError) -> FieldAssignment {
        try pair(text, option: option, allowFile: true)
    }

    package static func pair(_ text: String, option: String, allowFile: Bool) throws(GQLPatchError) -> FieldAssignment {
        let forms = allowFile ? "FIELD=VALUE, FIELD:=JSON or FIELD=@PATH" : "FIELD=VALUE or FIELD:=JSON"
        guard let equals = text.firstIndex(of: "=") else {
            throw .usage("\(option) expects \(forms), got '\(text)'")
        }
        var field = String(text[..<equals])
        let rest = String(text[text.index(after: equals)...])
        let value: FieldAssignment.Value
        if field.hasSuffix(":") {
            field.removeLast()
            value = .json(rest)
        } else if allowFile, rest.hasPrefix("@") {
            let path = String(rest.dropFirst())
            guard !path.isEmpty else {
                throw .usage("\(option) \(field)=@ needs a file path (or @- for standard input)")
            }
            value = .file(path)
        } else {
            value = .text(rest)
        }
        guard FieldName.isValid(field) else {
            throw .usage("\(option) expects \(forms), got '\(text)' ('\(field)' is not a field name)")
        }
        return FieldAssignment(field: field, value: value)
    }

    /// `--expect-version N`: sent as `_version`, a GraphQL `Int`.
    package static func version(_ text: String) throws(GQLPatchError) -> Int {
        try wholeNumber(text, option: OptionName.expectVersion, in: NumericLimits.version)
    }

    /// A whole number in `range`, or a usage error giving the range (`--limit expects a whole number
    /// from 1 to 2147483647, got 'x'`), `unit` named after it (`of MB`).
    package static func wholeNumber(_ text: String, option: String, of unit: String? = nil, in range: ClosedRange<Int>)
        throws(GQLPatchError) -> Int
    {
        guard let number = Int(text), range.contains(number) else {
            let what = unit.map { "a whole number of \($0)" } ?? "a whole number"
            throw .usage("\(option) expects \(what) from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// One of a fixed set of values (an enumeration's raw values, as `OptionSpec.choice` lists them),
    /// or a usage error naming them: `--output expects record or envelope, got 'x'`.
    package static func choice<Choice: CaseIterable & RawRepresentable>(
        _ text: String, option: String, as _: Choice.Type
    ) throws(GQLPatchError) -> Choice where Choice.RawValue == String {
        if let choice = Choice(rawValue: text) { return choice }
        let values = Choice.allCases.map(\.rawValue)
        let expected =
            values.count > 3
            ? "one of \(values.joined(separator: ", "))"
            : "\(values.dropLast().joined(separator: ", ")) or \(values.last ?? "")"
        throw .usage("\(option) expects \(expected), got '\(text)'")
    }

    /// A finite number in `range` (`2.5`, `1e3`), or a usage error giving the range.
    package static func number(_ text: String, option: String, of unit: String, in range: ClosedRange<Double>)
        throws(GQLPatchError) -> Double
    {
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw .usage(
                "\(option) expects a number of \(unit) from \(NumericLimits.shown(range.lowerBound)) to \(NumericLimits.shown(range.upperBound)), got '\(text)'"
            )
        }
        return number
    }

    /// `a,b,c.d` for `--select`.
    package static func fieldList(_ text: String, option: String) throws(GQLPatchError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        guard !names.contains(where: \.isEmpty) else {
            throw .usage("\(option) expects FIELD,FIELD,..., got '\(text)'")
        }
        return names
    }

    /// Standard input can feed one value only (`@-` or `--patch -`).
    package static func checkStandardInputReadOnce(_ assignments: [FieldAssignment], patch: String?)
        throws(GQLPatchError)
    {
        let readers = assignments.filter { $0.value == .file("-") }.count + (patch == "-" ? 1 : 0)
        if readers > 1 { throw .usage("standard input can be read only once (@- or --patch - given more than once)") }
    }

}
