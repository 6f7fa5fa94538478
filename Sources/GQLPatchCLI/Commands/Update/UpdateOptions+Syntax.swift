import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension UpdateOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `update <Model> (--id V | --key F=V...) (--set ... | --unset F | --patch P)... [--if F=V]... [--expect-version N] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "update",
        summary: "update <Model> <key> <change>...   change only the named fields of one record (or --where)",
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
        try OptionBinding.apply(bindings, options, to: &update)
        if update.id != nil, !update.keys.isEmpty { throw .usage("give the key with --id or with --key, not both") }
        try update.many.check(command: command, keyGiven: update.id != nil || !update.keys.isEmpty)
        if update.many.isGiven,
            !update.conditions.isEmpty || update.expectVersion != nil || update.select != nil || update.unguarded
        {
            throw .usage(
                "\(OptionName.if), \(OptionName.expectVersion), \(OptionName.select) and \(OptionName.unguarded) name one record; with \(OptionName.where), \(OptionName.filter) or \(OptionName.all) the selection guards each write"
            )
        }
        if update.id == nil, update.keys.isEmpty, !update.many.isGiven {
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

    /// `update`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<UpdateOptions>] = {
        let edits = "Edits (read, change, write back guarded)"
        return [
            .id(\.id), .key(\.keys),
            .set(
                #"VALUE typed by the schema ("00123" stays a string for String)"#,
                json: #"a literal JSON value: tags:='["a","b"]', count:=3, name:='"@x"'"#, section: "Changes",
                completes: .assignment(.writableNotKey), \.changes),
            .repeated(
                OptionName.unset, "FIELD", "send null, which removes the attribute (refused for a required field)",
                section: "Changes", completes: .field(.writable), read: .unset, appending: \.changes),
            .patch(
                "a JSON object of changes (null = unset; an object field's merges in)", section: "Changes",
                \.patch),
            .repeated(
                OptionName.append, "FIELD=VALUE", "add VALUE at the end of the list FIELD (typed as its items)",
                section: edits, completes: .assignment(.writable), read: .edit(.append), appending: \.edits),
            .repeated(
                OptionName.prepend, "FIELD=VALUE", "add VALUE at the start of the list FIELD", section: edits,
                completes: .assignment(.writable), read: .edit(.prepend), appending: \.edits),
            .repeated(
                OptionName.remove, "FIELD=VALUE", "drop every element equal to VALUE from the list FIELD",
                section: edits, completes: .assignment(.writable), read: .edit(.remove), appending: \.edits),
            .repeated(
                OptionName.add, "FIELD=VALUE", "append VALUE to the list FIELD unless it is there", section: edits,
                completes: .assignment(.writable), read: .edit(.add), appending: \.edits),
            .repeated(
                OptionName.incr, "FIELD=N", "add N to the Int or Float FIELD (absent counts as 0)", section: edits,
                completes: .assignment(.writable), read: .edit(.increment), appending: \.edits),
            .repeated(
                OptionName.decr, "FIELD=N", "take N from the Int or Float FIELD", section: edits,
                completes: .assignment(.writable), read: .edit(.decrement), appending: \.edits),
            .flag(
                OptionName.preview, #"print what would change ({"key", "changes": {F: {"from", "to"}}})"#,
                section: edits, sets: \.preview),
            .flag(
                OptionName.unguarded, "write edits of an unversioned record even with no guard (racy)",
                section: edits, sets: \.unguarded),
            .repeated(
                OptionName.if, "FIELD=VALUE",
                "only if FIELD equals VALUE (FIELD:=null: absent or null); repeat for AND",
                section: "Conditions", completes: .assignment(.nonModel), read: .assignment, appending: \.conditions),
            .expectVersion(section: "Conditions", \.expectVersion),
            .select(
                "the fields to return (default: the scalar, enum and object fields)", section: "Conditions",
                \.select),
        ] + SelectionOptions.bindings(\.many)
    }()

    /// `update`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        // A selection's dry run reads the records it picks, so it needs the credentials.
        let settings = try await run.settings(
            sending: many.isGiven ? .evenOnDryRun : .unlessDryRun, focus: CatalogueFocus(models: [model]))
        if many.isGiven {
            let write = try UpdateCommand(options: self, settings: settings, context: run.context).selectionWrite()
            var command = SelectionCommand(run, options: many, settings: settings, verb: "update")
            command.preview = preview
            return try await command.run(write)
        }
        var command = UpdateCommand(options: self, settings: settings, context: run.context)
        command.colour = PreviewPrinter.colours(console: run.context.console, environment: run.environment)
        try await command.run()
        return .success
    }
}
