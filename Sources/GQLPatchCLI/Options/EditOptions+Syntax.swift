import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension EditOptions: CommandDefinition {
    package static let syntax = CommandSyntax(
        name: "edit", summary: "edit <Model> <key>                 edit one record in $VISUAL / $EDITOR",
        help: HelpText.edit, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "edit", keyed: options)
        var id: String?
        var keys: [FieldAssignment] = []
        var unguarded = false
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--id":
                if id != nil { throw .usage("--id given twice") }
                id = value
            case "--key": keys.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--unguarded": unguarded = true
            default: break
            }
        }
        var edit = EditOptions(model: model, key: try CommandLineParser.recordKey(id: id, keys: keys, command: "edit"))
        edit.unguarded = unguarded
        return edit
    }

    package static let optionTable: [OptionSpec] = [
        .id, .key,
        .flag(
            "--unguarded",
            """
            write an unversioned record even when its updatedAt cannot guard
            the write (racy: a concurrent change can be lost)
            """),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        if run.options.dryRun { throw .usage("edit cannot --dry-run: it reads the record (use update --preview)") }
        let settings = try run.settings(focus: CatalogueFocus(models: [model]))
        try await EditCommand(options: self, settings: settings, context: run.context, environment: run.environment)
            .run()
        return .success
    }
}
