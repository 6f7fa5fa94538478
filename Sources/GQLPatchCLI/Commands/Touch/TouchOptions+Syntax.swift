import GQLPatchBatch
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

extension TouchOptions: CommandDefinition {
    package var writes: Bool { true }

    /// `touch <Model> (--id V | --key F=V... | --where F=V... | --filter JSON | --all) [--yes] [-j N] ...`
    package static let syntax = CommandSyntax(
        name: "touch", summary: "touch <Model> <key>|--where ...    write records again unchanged (re-stream them)",
        help: HelpText.touch, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "touch", keyed: options)
        var given = KeyedOptions(TouchOptions(model: model, key: .fields([])))
        try OptionBinding.apply(bindings, options, to: &given)
        try given.options.many.check(command: "touch", keyGiven: given.id != nil || !given.keys.isEmpty)
        return given.options.many.isGiven ? given.options : try given.resolved(command: "touch", key: \.key)
    }

    /// `touch`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<KeyedOptions<TouchOptions>>] =
        [.id(\.id), .key(\.keys)] + SelectionOptions.bindings(\.options.many)

    /// `touch`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(
            sending: many.isGiven ? .evenOnDryRun : .unlessDryRun, focus: CatalogueFocus(models: [model]))
        let builder = RecordTargetBuilder(
            catalogue: settings.catalogue, conflictResolution: settings.conflictResolution,
            readFile: run.context.readFile, wording: CommandLineWording(), schemaSource: settings.schemaSource)
        let session = CommandSession(settings: settings, context: run.context)
        guard many.isGiven else {
            let target = try builder.touch(model: model, key: key)
            if settings.dryRun {
                try DryRun.print(try session.records().plannedUpdate(target), settings: settings, context: run.context)
                return .success
            }
            guard case .updated(let item, let response, _) = try await session.records().update(target) else {
                throw GQLPatchError(.graphQLError, "the server did not write \(target.name) again")
            }
            try session.printRecord(item, envelope: response?.envelope)
            return .success
        }
        let target = try builder.touch(model: model, key: .typed([:]))
        let write = SelectionWrite(kind: .touch, model: target.model, versioned: target.versioned)
        return try await SelectionCommand(run, options: many, settings: settings, verb: "touch").run(write)
    }
}
