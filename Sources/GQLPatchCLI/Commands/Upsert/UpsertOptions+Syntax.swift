import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension UpsertOptions: CommandDefinition {
    package var writes: Bool { true }

    package static let syntax = CommandSyntax(
        name: "upsert",
        summary: "upsert <Model> <key> <change>...   update one record, or create it if it is not there",
        help: HelpText.upsert, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        UpsertOptions(update: try UpdateOptions.parse("upsert", options, positionals))
    }

    /// `update`'s options but the conditions (a record that may not exist has no version or values to
    /// test) and the selection of many records (one key names the record to make).
    package static let optionTable: [OptionSpec] = UpdateOptions.optionTable.filter {
        ![OptionName.if, OptionName.expectVersion].contains($0.name) && $0.section != SelectionOptions.section
    }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [update.model]))
        var command = UpsertCommand(options: self, settings: settings, context: run.context)
        command.colour = PreviewPrinter.colours(console: run.context.console, environment: run.environment)
        try await command.run()
        return .success
    }
}
