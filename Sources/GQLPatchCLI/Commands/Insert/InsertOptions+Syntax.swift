import GQLPatchSchema
import GQLPatchSupport

extension InsertOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `insert <Model> --key F=V --at FIELD=N (--set F=V | --patch PATH|-)... [--via-gap] [--journal PATH] [--max-attempts N]`
    package static let syntax = CommandSyntax(
        name: "insert", summary: "insert <Model> --key P=V --at F=N  insert a row into a sequence (journaled)",
        help: HelpText.insert, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var insert = InsertOptions()
        try OptionBinding.apply(bindings, options, to: &insert)
        if insert.run.resume != nil {
            insert.model = try CommandLineParser.sequenceResume(options, positionals, what: "the insert")
            return insert
        }
        insert.model = try CommandLineParser.modelName(positionals, command: "insert")
        if insert.field.isEmpty {
            throw .usage("insert needs the new row's place: --at FIELD=N (for example --at rowID=3)")
        }
        if insert.parent.isEmpty {
            throw .usage("insert needs the sequence's parent: --key FIELD=VALUE (for example --key recipeID=r1)")
        }
        try CommandLineParser.checkStandardInputReadOnce(insert.values, patch: insert.patch)
        return insert
    }

    /// `insert`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<InsertOptions>] = [

        .parent(
            "the parent: the partition key of the key that sorts the sequence", section: "Sequence", \.parent),
        OptionBinding(
            .value(OptionName.at, "FIELD=N", "the ordering field and the new row's number", section: "Sequence")
        ) {
            (insert, value, given) throws(GQLPatchError) in
            if !insert.field.isEmpty { throw .usage("\(given) given twice") }
            (insert.field, insert.position) = try CommandLineParser.sequenceNumber(value, option: given)
        },
        .set("the new row's values, typed by the schema", section: "Values", \.values),
        .patch("a JSON object of the new row's values, applied before the flags", section: "Values", \.patch),
        .flag(
            OptionName.viaGap,
            """
            move nothing onto a number used before: the new row and the rows
            from N on take numbers above the largest ever used (tombstones
            included), in order
            """, sets: \.viaGap),
        .sequenceJournal(\.run.journal),
        .sequenceResume("the insert", \.run.resume),
        .maxAttempts(\.run.maxAttempts),
    ]

    /// `insert`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await SequenceMoveCommand(.insert(self), run: run).run()
    }
}
