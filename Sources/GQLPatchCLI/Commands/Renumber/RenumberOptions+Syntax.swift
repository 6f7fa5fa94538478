import GQLPatchSchema
import GQLPatchSupport

extension RenumberOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `renumber <Model> --key F=V --field FIELD [--start N] [--step N] [--journal PATH] [--max-attempts N]`
    package static let syntax = CommandSyntax(
        name: "renumber", summary: "renumber <Model> --field F         number a sequence without gaps (journaled)",
        help: HelpText.renumber, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var renumber = RenumberOptions()
        try OptionBinding.apply(bindings, options, to: &renumber)
        if renumber.run.resume != nil {
            renumber.model = try CommandLineParser.sequenceResume(options, positionals, what: "the renumbering")
            return renumber
        }
        renumber.model = try CommandLineParser.modelName(positionals, command: "renumber")
        if renumber.field.isEmpty {
            throw .usage("renumber needs the ordering field: --field FIELD (for example --field rowID)")
        }
        if renumber.parent.isEmpty {
            throw .usage("renumber needs the sequence's parent: --key FIELD=VALUE (for example --key recipeID=r1)")
        }
        return renumber
    }

    /// `renumber`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<RenumberOptions>] = [

        .parent(
            "the parent: the partition key of the key that sorts the sequence", section: "Sequence", \.parent),
        OptionBinding(
            .value(
                OptionName.field, "FIELD", "the ordering field (an Int the key sorts)", section: "Sequence",
                completion: .field(.nonModel))
        ) { (renumber, value, given) throws(GQLPatchError) in
            if !renumber.field.isEmpty { throw .usage("\(given) given twice") }
            renumber.field = try ValueReader.fieldName.read(value, given)
        },
        .value(
            OptionName.start, "N", "the first row's number (default 1)",
            read: .whole(in: Int(Int32.min)...Int(Int32.max)), into: \.start),
        .value(
            OptionName.step, "N", "from one row's number to the next (default 1)", read: .whole(in: 1...Int(Int32.max)),
            into: \.step),
        .sequenceJournal(\.run.journal),
        .sequenceResume("the renumbering", \.run.resume),
        .maxAttempts(\.run.maxAttempts),
    ]

    /// `renumber`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        try await SequenceMoveCommand(.renumber(self), run: run).run()
    }
}
