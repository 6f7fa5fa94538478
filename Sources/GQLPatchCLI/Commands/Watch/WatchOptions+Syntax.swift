import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension WatchOptions: CommandDefinition {
    /// `watch <Model> [--on create,update,delete] [--where F=V]... [--select ...] [--count N] [--timeout D]`
    package static let syntax = CommandSyntax(
        name: "watch", summary: "watch <Model> [--where F=V]...     print a model's changes as JSON Lines, live",
        help: HelpText.watch, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var watch = WatchOptions(model: try CommandLineParser.modelName(positionals, command: "watch"))
        try OptionBinding.apply(bindings, options, to: &watch)
        return watch
    }

    /// `watch`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<WatchOptions>] = [
        OptionBinding(
            .value(
                OptionName.on, "EVENT,...", "the changes to follow: create, update, delete (default: all three)",
                values: ModelSubscription.Event.allCases.map(\.rawValue))
        ) { (watch, value, given) throws(GQLPatchError) in
            var events = watch.events ?? []
            for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let event = ModelSubscription.Event(rawValue: String(name).trimmingWhitespace()) else {
                    throw .usage("\(given) expects create, update or delete (comma-separated), got '\(value)'")
                }
                if !events.contains(event) { events.append(event) }
            }
            watch.events = events
        },
        .repeated(
            OptionName.where, "FIELD=VALUE",
            "only events whose record passes this test (list's forms: F>V, F^=P, ...); repeat for AND",
            completes: .assignment(.nonModel), read: .fieldTest, appending: \.conditions),
        .select("the fields to print (default: every scalar, enum and non-model field)", \.select),
        .value(OptionName.count, "N", "stop after N events (exit 0)", read: .count, into: \.count),
        .value(
            OptionName.timeout, "DURATION", "stop after this long (30s, 10m, 1h; exit 124)", read: .duration,
            into: \.timeout),
        .value(
            OptionName.realtimeEndpoint, "URL",
            "the real-time endpoint (env GQLPATCH_REALTIME_ENDPOINT; default: derived from the endpoint)",
            read: .text, into: \.realtimeEndpoint),
    ]

    /// `watch`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        var options = self
        options.catchesInterrupt = run.environmentCheck != nil
        return try await WatchCommand(
            options: options, settings: settings, context: run.context, environment: run.environment
        ).run()
    }
}
