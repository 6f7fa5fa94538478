import GQLPatchSchema
import GQLPatchSupport

extension RenumberOptions: CommandDefinition {
    /// `renumber <Model> --key F=V --field FIELD [--start N] [--step N] [--journal PATH] [--max-attempts N]`
    package static let syntax = CommandSyntax(
        name: "renumber", summary: "renumber <Model> --field F         number a sequence without gaps (journaled)",
        help: HelpText.renumber, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var renumber = RenumberOptions()
        var field: String?
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "--key":
                renumber.parent.append(try CommandLineParser.pair(value, option: option.name, allowFile: false))
            case "--field":
                if field != nil { throw .usage("--field given twice") }
                guard FieldName.isValid(value) else { throw .usage("--field expects a field name, got '\(value)'") }
                field = value
            case "--start":
                renumber.start = try CommandLineParser.wholeNumber(
                    value, option: option.name, in: Int(Int32.min)...Int(Int32.max))
            case "--step":
                renumber.step = try CommandLineParser.wholeNumber(value, option: option.name, in: 1...Int(Int32.max))
            default: try CommandLineParser.sequenceRunOption(option, into: &renumber.run)
            }
        }
        if renumber.run.resume != nil {
            renumber.model = try CommandLineParser.sequenceResume(options, positionals, what: "the renumbering")
            return renumber
        }
        renumber.model = try CommandLineParser.modelName(positionals, command: "renumber")
        guard let field else {
            throw .usage("renumber needs the ordering field: --field FIELD (for example --field rowID)")
        }
        renumber.field = field
        if renumber.parent.isEmpty {
            throw .usage("renumber needs the sequence's parent: --key FIELD=VALUE (for example --key recipeID=r1)")
        }
        return renumber
    }

    /// `renumber`'s options, as its `--help` lists them.
    package static let optionTable: [OptionSpec] = [
        .sequenceParent,
        .value("--field", "FIELD", "the ordering field (an Int the key sorts)", section: "Sequence"),
        .value("--start", "N", "the first row's number (default 1)"),
        .value("--step", "N", "from one row's number to the next (default 1)"),
        .sequenceJournal,
        .sequenceResume("the renumbering"),
        .sequenceMaxAttempts,
    ]

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await SequenceMoveCommand(.renumber(self), run: run).run()
    }
}
