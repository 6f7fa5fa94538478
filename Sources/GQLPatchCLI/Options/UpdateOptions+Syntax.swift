import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension UpdateOptions: CommandDefinition {
    /// `update <Model> (--id V | --key F=V...) (--set ... | --unset F | --patch P)... [--if F=V]... [--expect-version N] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "update", summary: "update <Model> <key> <change>...   change only the named fields of one record",
        help: HelpText.update, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        try parse("update", options, positionals)
    }

    /// `update`'s arguments (and `upsert`'s, which takes the same but `--if` and `--expect-version`),
    /// worded for `command`.
    package static func parse(_ command: String, _ options: [ParsedOption], _ positionals: [String])
        throws(GQLPatchError) -> UpdateOptions
    {
        guard let model = positionals.first else {
            throw .usage("\(command) needs a model name: gqlpatch \(command) <Model> ...")
        }
        if positionals.count > 1 {
            throw .usage(
                CommandLineParser.extraArgument(
                    positionals, command: command, keyed: options, also: "; values go with --set FIELD=VALUE"))
        }
        var update = UpdateOptions(model: model)
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if update.id != nil { throw .usage("--id given twice") }
                update.id = value
            case "--key": update.keys.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--set": update.changes.append(try CommandLineParser.assignment(value, option: option.name))
            case "--unset":
                guard FieldName.isValid(value) else { throw .usage("--unset expects a field name, got '\(value)'") }
                update.changes.append(FieldAssignment(field: value, value: .null))
            case "--patch":
                if update.patch != nil { throw .usage("--patch given twice") }
                update.patch = value
            case "--append", "--prepend", "--remove", "--add", "--incr", "--decr":
                let kind: EditRequest.Kind =
                    switch option.name {
                    case "--append": .append
                    case "--prepend": .prepend
                    case "--remove": .remove
                    case "--add": .add
                    case "--incr": .increment
                    default: .decrement
                    }
                update.edits.append(EditRequest(kind, try CommandLineParser.assignment(value, option: option.name)))
            case "--unguarded": update.unguarded = true
            case "--preview": update.preview = true
            case "--if": update.conditions.append(try CommandLineParser.assignment(value, option: option.name))
            case "--expect-version": update.expectVersion = try CommandLineParser.version(value)
            case "--select":
                update.select = (update.select ?? []) + (try CommandLineParser.fieldList(value, option: option.name))
            default: break
            }
        }
        if update.id != nil, !update.keys.isEmpty { throw .usage("give the key with --id or with --key, not both") }
        if update.id == nil, update.keys.isEmpty {
            throw .usage("\(command) needs a key: --id VALUE, or --key FIELD=VALUE for each key field")
        }
        if update.changes.isEmpty, update.patch == nil, update.edits.isEmpty {
            throw .usage(
                "\(command) needs at least one change: --set FIELD=VALUE, --unset FIELD, --patch FILE, or a list or counter edit (--append, --incr, ...)"
            )
        }
        try CommandLineParser.checkStandardInputReadOnce(
            update.changes + update.edits.map(\.assignment) + update.conditions, patch: update.patch)
        return update
    }

    /// `update`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .id, .key,
        .value(
            "--set", "FIELD=VALUE", #"VALUE typed by the schema ("00123" stays a string for String)"#, repeats: true,
            moreForms: [
                .init(
                    valueName: "FIELD:=JSON", help: #"a literal JSON value: tags:='["a","b"]', count:=3, name:='"@x"'"#),
                .init(valueName: "FIELD=@PATH", help: "the value read from a file (@- for standard input)"),
            ], section: "Changes"),
        .value(
            "--unset", "FIELD", "send null, which removes the attribute (refused for a required field)", repeats: true,
            section: "Changes"),
        .value(
            "--patch", "PATH|-",
            """
            a JSON object of changes (null = unset), applied before the flags;
            an object for an object field merges into it (RFC 7396)
            """, section: "Changes"),
        .value(
            "--append", "FIELD=VALUE", "add VALUE at the end of the list FIELD (typed as its items)", repeats: true,
            section: "Edits (read, change, write back guarded)"),
        .value(
            "--prepend", "FIELD=VALUE", "add VALUE at the start of the list FIELD", repeats: true,
            section: "Edits (read, change, write back guarded)"),
        .value(
            "--remove", "FIELD=VALUE", "drop every element equal to VALUE from the list FIELD", repeats: true,
            section: "Edits (read, change, write back guarded)"),
        .value(
            "--add", "FIELD=VALUE", "append VALUE to the list FIELD unless it is there", repeats: true,
            section: "Edits (read, change, write back guarded)"),
        .value(
            "--incr", "FIELD=N", "add N to the Int or Float FIELD (absent counts as 0)", repeats: true,
            section: "Edits (read, change, write back guarded)"),
        .value(
            "--decr", "FIELD=N", "take N from the Int or Float FIELD", repeats: true,
            section: "Edits (read, change, write back guarded)"),
        .flag(
            "--preview",
            """
            read the record and print what would change, field by field
            ({"key", "changes": {F: {"from", "to"}}}); write nothing
            """, section: "Edits (read, change, write back guarded)"),
        .flag(
            "--unguarded",
            """
            write edits of an unversioned record even when no guard can be
            built (racy: a concurrent change can be lost)
            """, section: "Edits (read, change, write back guarded)"),
        .value(
            "--if", "FIELD=VALUE",
            """
            only if FIELD currently equals VALUE; repeat for AND
            (FIELD:=null: only if FIELD is absent or null)
            """, repeats: true, section: "Conditions"),
        .expectVersion(section: "Conditions"),
        .select(
            """
            the fields to return (default: every scalar, enum and non-model
            object field, plus _version/_deleted/_lastChangedAt when versioned)
            """, section: "Conditions"),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        var command = UpdateCommand(options: self, settings: settings, context: run.context)
        command.colour = PreviewPrinter.colours(console: run.context.console, environment: run.environment)
        try await command.run()
        return .success
    }
}
