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
            case "--journal": insert.journal = try CommandLineParser.sequenceJournal(value, option: option.name)
            case "--resume": insert.resume = try CommandLineParser.sequenceJournal(value, option: option.name)
            case "--max-attempts":
                insert.maxAttempts = try CommandLineParser.wholeNumber(
                    value, option: option.name, in: NumericLimits.maxAttempts)
            default: break
            }
        }
        if insert.resume != nil {
            let given = options.map(\.name).filter { $0 != "--resume" && $0 != "--max-attempts" }
            if let other = given.first {
                throw .usage("--resume finishes the insert its journal recorded: \(other) cannot be given with it")
            }
            if positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])'") }
            insert.model = positionals.first
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
        .value(
            "--key", "FIELD=VALUE", "the parent: the partition key of the key that sorts the sequence",
            section: "Sequence"),
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
        .value(
            "--journal", "PATH",
            """
            journal the moves in PATH and write the plan to PATH.plan
            (default: a private temporary folder, named on stderr if the
            run stops part-way)
            """),
        .value("--resume", "JOURNAL", "finish the insert that JOURNAL recorded (its plan beside it)"),
        .value("--max-attempts", "N", "tries for connection failures, timeouts, HTTP 5xx and 429 (default 5)"),
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await SequenceMoveCommand(.insert(self), run: run).run()
    }
}
