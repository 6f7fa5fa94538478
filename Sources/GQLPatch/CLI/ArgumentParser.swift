/// Turns argv (without the program name) into an `Invocation`. Hand-written: global options are
/// accepted before or after the command, `--name value` and `--name=value` both work, and every
/// mistake is a usage error (exit 64) that names the argument.
public struct ArgumentParser: Sendable {
    /// Global options that take a value.
    static let globalValueOptions: Set<String> = [
        "--endpoint", "--schema", "--config", "--auth", "--api-key", "--token", "--header", "--timeout",
        "--conflict-resolution", "--retry-conflicts", "--output", "--region", "--profile",
    ]
    /// Global options that take no value.
    static let globalFlags: Set<String> = [
        "--dry-run", "--compact", "--pretty", "--verbose", "--help", "-h", "--version", "--allow-insecure-http",
    ]
    /// The commands, in the order `--help` lists them.
    static let commands = ["update"]
    /// Options of each command that take a value.
    static let commandValueOptions: [String: Set<String>] = [
        "update": ["--id", "--key", "--set", "--unset", "--patch", "--if", "--expect-version", "--select"]
    ]

    private var arguments: [String]
    private var index = 0
    private var options = GlobalOptions()
    private var commandName: String?
    private var positionals: [String] = []
    private var wantsHelp = false
    private var wantsVersion = false
    private var update = UpdateOptions(model: "")

    private init(arguments: [String]) {
        self.arguments = arguments
    }

    public static func parse(_ arguments: [String]) throws(GQLPatchError) -> Invocation {
        var parser = ArgumentParser(arguments: arguments)
        return try parser.run()
    }

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
            }
            try takeOption(name, inlineValue: inlineValue)
        }
        return try finish()
    }

    private mutating func takePositional(_ argument: String) throws(GQLPatchError) {
        if commandName == nil {
            if argument == "help" {
                commandName = "help"
                return
            }
            guard Self.commands.contains(argument) else {
                throw .usage("unknown command '\(argument)'\(Self.suggestion(for: argument, among: Self.commands))")
            }
            commandName = argument
            return
        }
        positionals.append(argument)
    }

    private mutating func value(for name: String, inline: String?) throws(GQLPatchError) -> String {
        if let inline { return inline }
        guard index < arguments.count else { throw .usage("missing value for \(name)") }
        defer { index += 1 }
        return arguments[index]
    }

    private mutating func takeOption(_ name: String, inlineValue: String?) throws(GQLPatchError) {
        if Self.globalFlags.contains(name) {
            if inlineValue != nil { throw .usage("\(name) takes no value") }
            switch name {
            case "--dry-run": options.dryRun = true
            case "--compact": options.pretty = false
            case "--pretty": options.pretty = true
            case "--verbose": options.verbose = true
            case "--help", "-h": wantsHelp = true
            case "--version": wantsVersion = true
            case "--allow-insecure-http": options.allowInsecureHTTP = true
            default: break
            }
            return
        }
        if Self.globalValueOptions.contains(name) {
            try takeGlobal(name, try value(for: name, inline: inlineValue))
            return
        }
        if let command = commandName, let known = Self.commandValueOptions[command], known.contains(name) {
            try takeUpdateOption(name, try value(for: name, inline: inlineValue))
            return
        }
        let commandOptions = Self.commandValueOptions.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        if commandName == nil, commandOptions.contains(name) {
            throw .usage("\(name) is an option of a command; put it after the command (for example 'gqlpatch update Item \(name) ...')")
        }
        var known = Self.globalValueOptions.union(Self.globalFlags)
        if let command = commandName, let options = Self.commandValueOptions[command] { known.formUnion(options) }
        let helpHint = commandName.map { " (see 'gqlpatch \($0) --help')" } ?? " (see 'gqlpatch --help')"
        throw .usage("unknown option '\(name)'\(Self.suggestion(for: name, among: known.sorted()))\(helpHint)")
    }

    private mutating func takeGlobal(_ name: String, _ value: String) throws(GQLPatchError) {
        switch name {
        case "--endpoint": options.endpoint = value
        case "--schema": options.schemaPath = value
        case "--config": options.configPath = value
        case "--auth":
            guard GlobalOptions.authModes.contains(value) else {
                throw .usage("--auth expects one of \(GlobalOptions.authModes.joined(separator: ", ")), got '\(value)'")
            }
            options.auth = value
        case "--api-key": options.apiKey = value
        case "--token": options.token = value
        case "--header":
            guard let header = HeaderField.parse(value) else {
                throw .usage("--header expects 'Name: value', got '\(value)'")
            }
            options.headers.append(header)
        case "--timeout":
            guard let seconds = Double(value), seconds.isFinite, seconds > 0 else {
                throw .usage("--timeout expects a positive number of seconds, got '\(value)'")
            }
            options.timeout = seconds
        case "--conflict-resolution":
            guard let mode = ConflictResolution(rawValue: value) else {
                throw .usage("--conflict-resolution expects auto, on or off, got '\(value)'")
            }
            options.conflictResolution = mode
        case "--retry-conflicts":
            guard let count = Int(value), count >= 0 else {
                throw .usage("--retry-conflicts expects a whole number of 0 or more, got '\(value)'")
            }
            options.retryConflicts = count
        case "--output":
            guard let mode = OutputMode(rawValue: value) else {
                throw .usage("--output expects record or envelope, got '\(value)'")
            }
            options.output = mode
        case "--region": options.region = value
        case "--profile": options.profile = value
        default: break
        }
    }

    private mutating func takeUpdateOption(_ name: String, _ value: String) throws(GQLPatchError) {
        switch name {
        case "--id":
            if update.id != nil { throw .usage("--id given twice") }
            update.id = value
        case "--key": update.keys.append(try Self.pair(value, option: name, allowFile: false))
        case "--set": update.changes.append(try Self.assignment(value, option: name))
        case "--unset":
            guard Self.isFieldName(value) else { throw .usage("--unset expects a field name, got '\(value)'") }
            update.changes.append(FieldAssignment(field: value, value: .null))
        case "--patch":
            if update.patch != nil { throw .usage("--patch given twice") }
            update.patch = value
        case "--if": update.conditions.append(try Self.assignment(value, option: name))
        case "--expect-version":
            guard let version = Int(value), version >= 0 else {
                throw .usage("--expect-version expects a whole number, got '\(value)'")
            }
            update.expectVersion = version
        case "--select":
            let names = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
            guard !names.contains(where: \.isEmpty) else { throw .usage("--select expects FIELD,FIELD,..., got '\(value)'") }
            update.select = (update.select ?? []) + names
        default: break
        }
    }

    /// `FIELD=VALUE`, `FIELD:=JSON` or `FIELD=@PATH`.
    static func assignment(_ text: String, option: String) throws(GQLPatchError) -> FieldAssignment {
        try pair(text, option: option, allowFile: true)
    }

    static func pair(_ text: String, option: String, allowFile: Bool) throws(GQLPatchError) -> FieldAssignment {
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
            guard !path.isEmpty else { throw .usage("\(option) \(field)=@ needs a file path (or @- for standard input)") }
            value = .file(path)
        } else {
            value = .text(rest)
        }
        guard isFieldName(field) else {
            throw .usage("\(option) expects \(forms), got '\(text)' ('\(field)' is not a field name)")
        }
        return FieldAssignment(field: field, value: value)
    }

    /// A GraphQL name, or a dotted path of names.
    static func isFieldName(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.utf8.first, !(first >= 48 && first <= 57) else { return false }
            return part.utf8.allSatisfy { byte in
                (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
            }
        }
    }

    private mutating func finish() throws(GQLPatchError) -> Invocation {
        if wantsHelp || commandName == "help" {
            let topic = commandName == "help" ? positionals.first : commandName
            if let topic, !Self.commands.contains(topic) {
                throw .usage("no help for '\(topic)'\(Self.suggestion(for: topic, among: Self.commands))")
            }
            return Invocation(command: .help(topic: topic), options: options)
        }
        if wantsVersion { return Invocation(command: .version, options: options) }
        guard let commandName else {
            throw .usage("no command given (try 'gqlpatch update --help')")
        }
        switch commandName {
        case "update":
            guard let model = positionals.first else { throw .usage("update needs a model name: gqlpatch update <Model> ...") }
            if positionals.count > 1 {
                throw .usage("unexpected argument '\(positionals[1])' (values go with --set FIELD=VALUE)")
            }
            update.model = model
            if update.id != nil, !update.keys.isEmpty { throw .usage("give the key with --id or with --key, not both") }
            if update.id == nil, update.keys.isEmpty { throw .usage("update needs a key: --id VALUE, or --key FIELD=VALUE for each key field") }
            if update.changes.isEmpty, update.patch == nil {
                throw .usage("update needs at least one change: --set FIELD=VALUE, --unset FIELD or --patch FILE")
            }
            let stdinReaders = update.changes.filter { $0.value == .file("-") }.count + (update.patch == "-" ? 1 : 0)
                + update.conditions.filter { $0.value == .file("-") }.count
            if stdinReaders > 1 { throw .usage("standard input can be read only once (@- or --patch - given more than once)") }
            return Invocation(command: .update(update), options: options)
        default:
            throw .usage("unknown command '\(commandName)'")
        }
    }

    /// ` (did you mean 'x'?)` when one candidate is close to the text, else "".
    static func suggestion(for text: String, among candidates: [String]) -> String {
        let scored = candidates.map { ($0, EditDistance.between(text, $0)) }.filter { $0.1 <= max(2, text.count / 3) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        return " (did you mean '\(best.0)'?)"
    }
}
