import GQLPatchCompletion
import GQLPatchOperations
import GQLPatchSchema

/// The candidates `gqlpatch __complete` prints for the word under the cursor: command names, options,
/// fixed option values, and (from the schema) model names, field names and enum values. Each
/// candidate is the whole word as it would read after completion (`name,description` keeps what was
/// before the last comma, `status=ACTIVE` keeps `status=`). No candidates means "complete file names"
/// (the scripts fall back to them): after `@`, for `--schema`, `--config`, and whenever nothing fits.
public struct CompletionCandidates: Sendable {
    /// What the words before the cursor set: the command, its positionals, the global options that
    /// choose the schema.
    public struct Line: Sendable {
        public var command: CommandSyntax?
        public var isHelp = false
        public var positionals: [String] = []
        public var options = GlobalOptions()
        /// The option whose value the cursor word is (`--set`), or nil.
        package var pendingOption: String?
        package var endOfOptions = false
    }

    /// Loads what the line's global options (and the environment) name, as far as the focus needs: the
    /// catalogue, or the completion cache made from it; nil when there is none or it cannot be read.
    public typealias Loader = (GlobalOptions, CatalogueFocus) -> (any CompletionSource)?

    /// Commands whose first positional is a model name.
    package static let modelCommands: Set<String> = [
        "update", "get", "create", "delete", "list", "schema", "dups", "upsert", "edit", "insert", "renumber", "watch",
        "wait",
    ]
    /// Commands whose every positional is a model name (each named once).
    package static let modelListCommands: Set<String> = ["export", "diff", "copy"]

    /// `words` as the shell split them, the program name first; `current` the index of the word under
    /// the cursor (`words.count` or past it: an empty word).
    /// `environments`: the names of the environments added (`env add`), read when a word needs them.
    public static func candidates(
        words: [String], current: Int, environments: () -> [String] = { [] }, catalogue: Loader
    ) -> [String] {
        guard current >= 1 else { return [] }
        let word = current < words.count ? words[current] : ""
        guard let line = read(Array(words[1..<min(current, words.count)])) else { return [] }
        if let names = environmentNames(for: word, line: line, environments) {
            return names.filter { $0.hasPrefix(word) }
        }
        return candidates(for: word, line: line, catalogue: catalogue).filter { $0.hasPrefix(word) }
    }

    /// The environments' names where one is wanted: `--env`'s value (a side's too), and the name
    /// `env show|remove|use` takes; the actions after `env`. nil: no name is wanted here.
    private static func environmentNames(for word: String, line: Line, _ environments: () -> [String]) -> [String]? {
        let options = [OptionName.env] + APISide.allCases.map { $0.spelling(OptionName.env) }
        if let option = line.pendingOption {
            return options.contains(option) ? environments() : nil
        }
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
            let option = String(word[..<equals])
            return options.contains(option) ? environments().map { option + "=" + $0 } : nil
        }
        guard !word.hasPrefix("-"), line.command?.name == EnvOptions.syntax.name else { return nil }
        switch line.positionals.count {
        case 0: return EnvOptions.Action.allCases.map(\.rawValue)
        case 1 where [EnvOptions.Action.show, .remove, .use].map(\.rawValue).contains(line.positionals[0]):
            return environments()
        default: return []
        }
    }

    /// The words before the cursor, read as `CommandLineParser` reads them but never failing on an
    /// incomplete line; nil for an unknown command (nothing to offer).
    public static func read(_ arguments: [String]) -> Line? {
        var line = Line()
        for argument in arguments {
            if let option = line.pendingOption {
                line.pendingOption = nil
                take(option, argument, into: &line.options)
                continue
            }
            if line.endOfOptions || !argument.hasPrefix("-") || argument == "-" {
                if line.command == nil, !line.isHelp {
                    if argument == "help" {
                        line.isHelp = true
                    } else {
                        guard let syntax = CommandSyntax.named(argument) else { return nil }
                        line.command = syntax
                    }
                } else {
                    line.positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                line.endOfOptions = true
                continue
            }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                take(
                    String(argument[..<equals]), String(argument[argument.index(after: equals)...]), into: &line.options
                )
                continue
            }
            if takesValue(argument, line) { line.pendingOption = argument }
        }
        return line
    }

    /// Records a global option as the parser would (the ones that choose the schema matter here); a
    /// value the parser would refuse is left out.
    private static func take(_ option: String, _ value: String, into options: inout GlobalOptions) {
        guard let binding = GlobalOptions.bindings.first(where: { $0.spec.names.contains(option) }) else { return }
        var arguments = GlobalArguments()
        arguments.options = options
        guard (try? binding.apply(&arguments, value, option)) != nil else { return }
        options = arguments.options
    }

    private static func takesValue(_ option: String, _ line: Line) -> Bool {
        CommandLineParser.globalValueOptions.contains(option) || line.command?.valueOptions.contains(option) == true
    }

    private static func candidates(
        for word: String, line: Line, catalogue: Loader
    ) -> [String] {
        if let option = line.pendingOption {
            return values(of: option, text: word, prefix: "", line: line, catalogue: catalogue)
        }
        if !line.endOfOptions, word.hasPrefix("-") {
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                let option = String(word[..<equals])
                guard takesValue(option, line) else { return [] }
                return values(
                    of: option, text: String(word[word.index(after: equals)...]), prefix: option + "=", line: line,
                    catalogue: catalogue)
            }
            var names = CommandLineParser.globalValueOptions.union(CommandLineParser.globalFlags)
            if let command = line.command { names.formUnion(command.valueOptions.union(command.flags)) }
            return names.sorted()
        }
        guard let command = line.command else {
            let commands = CommandSyntax.all.map(\.name)
            if line.isHelp { return line.positionals.isEmpty ? commands : [] }
            return commands + ["help"]
        }
        if modelListCommands.contains(command.name) {
            let given = Set(line.positionals)
            return catalogue(line.options, CatalogueFocus(models: []))?.modelNames.filter { !given.contains($0) } ?? []
        }
        guard line.positionals.isEmpty else { return [] }
        if command.name == CompletionOptions.syntax.name { return CompletionShell.allCases.map(\.rawValue) }
        if command.name == CallOptions.syntax.name {
            return catalogue(line.options, CatalogueFocus(models: []))?.operationNames ?? []
        }
        guard modelCommands.contains(command.name),
            let names = catalogue(line.options, CatalogueFocus(models: []))?.modelNames
        else {
            return []
        }
        return command.name == "schema" ? names + ["pull"] : names
    }

    /// Candidates for the value of `option` typed so far as `text`, each after `prefix`.
    private static func values(
        of option: String, text: String, prefix: String, line: Line, catalogue: Loader
    ) -> [String] {
        // The fixed values (`--auth`, `--output`, `--sort`, ...) as the option tables declare them.
        let spec = GlobalOptions.table.spec(named: option) ?? line.command?.options.spec(named: option)
        if let fixed = spec?.values { return fixed.map { prefix + $0 } }
        if line.command?.name == CallOptions.syntax.name, option == OptionName.arg {
            return arguments(text: text, prefix: prefix, line: line, catalogue: catalogue)
        }
        guard let completion = spec?.completion, completion != .none, let command = line.command,
            modelCommands.contains(command.name), let name = line.positionals.first,
            let loaded = catalogue(line.options, CatalogueFocus(models: [name])),
            let model = loaded.completionModel(named: name)
        else { return [] }
        switch completion {
        case .none:
            return []
        case .field(let fields):
            return names(of: fields, in: model).map { prefix + $0 }
        case .fieldList:
            let head = text.lastIndex(of: ",").map { String(text[...$0]) } ?? ""
            let given = Set(head.split(separator: ",").map(String.init))
            return model.fields.map(\.name).filter { !given.contains($0) }.map { prefix + head + $0 }
        case .assignment(let fields):
            if let equals = text.firstIndex(of: "=") {
                let fieldName = String(text[..<equals])
                guard let field = model.field(fieldName), field.kind == .enumeration,
                    let enumType = field.enumType, let values = loaded.enumValues(of: enumType)
                else { return [] }
                return values.map { prefix + fieldName + "=" + $0 }
            }
            return names(of: fields, in: model).map { prefix + $0 + "=" }
        }
    }

    /// `call OPERATION --arg`: each argument as it is given (`id=`, `input:=`), and after `NAME=` an
    /// enum's values.
    private static func arguments(text: String, prefix: String, line: Line, catalogue: Loader) -> [String] {
        guard let name = line.positionals.first,
            let loaded = catalogue(line.options, CatalogueFocus(models: [])),
            let operation = loaded.completionOperation(named: name)
        else { return [] }
        if let equals = text.firstIndex(of: "=") {
            let argumentName = String(text[..<equals])
            guard let argument = operation.arguments.first(where: { $0.name == argumentName }),
                let type = argument.enumType, let values = loaded.enumValues(of: type)
            else { return [] }
            return values.map { prefix + argumentName + "=" + $0 }
        }
        return operation.arguments.map { prefix + $0.name + ($0.json ? ":=" : "=") }
    }

    /// The names of the model's fields of a kind.
    private static func names(of fields: OptionCompletion.Fields, in model: CompletionModel) -> [String] {
        switch fields {
        case .key: model.primaryKey
        case .writable: writable(model).map(\.name)
        case .writableNotKey: writable(model).map(\.name).filter { !model.primaryKey.contains($0) }
        case .nonModel: model.fields.filter { $0.kind != .model }.map(\.name)
        }
    }

    /// The fields an update or create may set: not server-set, not a relationship.
    private static func writable(_ model: CompletionModel) -> [CompletionField] {
        model.fields.filter { !$0.isReadOnly && $0.kind != .model }
    }
}
