import GQLPatchSchema
import GQLPatchSupport

extension InsertOptions: CommandDefinition {
    /// `insert <Model> --key F=V --at FIELD=N (--set F=V | --patch PATH|-)... [--via-gap] [--journal PATH] [--max-attempts N]`
    package static let syntax = CommandSyntax(
        name: "insert", summary: "insert <Model> --key P=V --at F=N  insert a row into a sequence (journaled)",
        help: HelpText.insert, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var insert = InsertOptions()
        var at: String?
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--key": insert.parent.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--at":
                if at != nil { throw .usage("--at given twice") }
                at = value
            case "--set": insert.values.append(try CommandLineParser.assignment(value, option: option.name))
            case "--patch":
                if insert.patch != nil { throw .usage("--patch given twice") }
                insert.patch = value
            case "--via-gap": insert.viaGap = true
            default: try CommandLineParser.sequenceRunOption(option, into: &insert.run)
            }
        }
        if insert.run.resume != nil {
            insert.model = try CommandLineParser.sequenceResume(options, positionals, what: "the insert")
            return insert
        }
        insert.model = try CommandLineParser.modelName(positionals, command: "insert")
        guard let at else { throw .usage("insert needs the new row's place: --at FIELD=N (for example --at rowID=3)") }
        (insert.field, insert.position) = try CommandLineParser.sequenceNumber(at, option: "--at")
        if insert.parent.isEmpty {
            throw .usage("insert needs the sequence's parent: --key FIELD=VALUE (for example --key recipeID=r1)")
        }
        try CommandLineParser.checkStandardInputReadOnce(insert.values, patch: insert.patch)
        return insert
    }

    /// `insert`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .sequenceParent,
        .value("--at", "FIELD=N", "the ordering field and the new row's number", section: "Sequence"),
        .value(
            "--set", "FIELD=VALUE", "the new row's values, typed by the schema", repeats: true,
            moreForms: [
                .init(valueName: "FIELD:=JSON", help: "a literal JSON value"),
                .init(valueName: "FIELD=@PATH", help: "the value read from a file (@- for standard input)"),
            ], section: "Values"),
        .value(
            "--patch", "PATH|-", "a JSON object of the new row's values, applied before the flags", section: "Values"),
        .flag(
            "--via-gap",
            """
            move nothing onto a number used before: the new row and the rows
            from N on take numbers above the largest ever used (tombstones
            included), in order
            """),
        .sequenceJournal,
        .sequenceResume("the insert"),
        .sequenceMaxAttempts,
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await SequenceMoveCommand(.insert(self), run: run).run()
    }
}
