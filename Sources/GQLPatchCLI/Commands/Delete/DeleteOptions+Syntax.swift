import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension DeleteOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `delete <Model> (--id V | --key F=V...) [--expect-version N] [--if F=V]... [--cascade] [--page-size N] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "delete", summary: "delete <Model> <key> [--cascade]   delete one record (and its children)",
        help: HelpText.delete, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "delete", keyed: options)
        var given = KeyedOptions(DeleteOptions(model: model, key: .fields([])))
        try OptionBinding.apply(bindings, options, to: &given)
        let many = given.options.many
        try many.check(command: "delete", keyGiven: given.id != nil || !given.keys.isEmpty)
        if many.isGiven {
            var one = given.options
            (one.many.list.pageSize, one.pageSize) = (one.pageSize, nil)
            if !one.conditions.isEmpty || one.expectVersion != nil || one.select != nil {
                throw .usage(
                    "\(OptionName.if), \(OptionName.expectVersion) and \(OptionName.select) go with one record's key; with \(OptionName.where), \(OptionName.filter) or \(OptionName.all) the selection guards each delete"
                )
            }
            return one
        }
        let delete = try given.resolved(command: "delete", key: \.key)
        if delete.preview, delete.cascade {
            throw .usage("--preview cannot be combined with --cascade (--dry-run shows the reads of a cascade)")
        }
        if delete.pageSize != nil, !delete.cascade {
            throw .usage("--page-size goes with --cascade (it sizes the reads of child records)")
        }
        if delete.cascade, delete.select != nil { throw .usage("--select cannot be combined with --cascade") }
        return delete
    }

    /// `delete`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<KeyedOptions<DeleteOptions>>] =
        [
            .id(\.id), .key(\.keys),
            .repeated(
                OptionName.if, "FIELD=VALUE", "only if FIELD currently equals VALUE; repeat for AND",
                completes: .assignment(.nonModel), read: .pair, appending: \.options.conditions),
            .expectVersion(\.options.expectVersion),
            .flag(
                OptionName.cascade,
                """
                first delete the records of the @hasMany and @hasOne relationships,
                depth first, reading every page of them; prints one JSON line
                per deleted record: {"model": ..., "key": {...}, "record": {...}}
                """, sets: \.options.cascade),
            .pageSize("records per read (of a relationship, with --cascade)", \.options.pageSize),
            .select("the fields to print (not with --cascade)", \.options.select),
            .flag(
                OptionName.preview,
                #"read the record and print what would be deleted ({"key", "delete": {...}}); delete nothing"#,
                sets: \.options.preview),
        ] + SelectionOptions.bindings(\.options.many, excluding: [OptionName.pageSize])

    /// `delete`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let focus = CatalogueFocus(models: [model], followsRelationsTransitively: cascade)
        // `--cascade --dry-run` reads the tree it would delete, so it needs the credentials.
        let settings = try await run.settings(
            sending: cascade || many.isGiven ? .evenOnDryRun : .unlessDryRun, focus: focus)
        if many.isGiven {
            let delete = DeleteCommand(options: self, settings: settings, context: run.context)
            var command = SelectionCommand(run, options: many, settings: settings, verb: "delete")
            command.preview = preview
            guard cascade else { return try await command.run(delete.selectionWrite()) }
            let session = CommandSession(settings: settings, context: run.context)
            return try await command.run(delete.selectionWrite(cascading: true), cascade: delete.cascade(session))
        }
        try await DeleteCommand(options: self, settings: settings, context: run.context).run()
        return .success
    }
}
