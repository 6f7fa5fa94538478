import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

extension WaitOptions: CommandDefinition {
    /// `wait <Model> (--id V | --key F=V...) --until F=V... [--timeout D] [--select ...]`
    package static let syntax = CommandSyntax(
        name: "wait", summary: "wait <Model> <key> --until F=V     wait until a record holds the values",
        help: HelpText.wait, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        let model = try CommandLineParser.modelName(positionals, command: "wait", keyed: options)
        var given = KeyedOptions(WaitOptions(model: model, key: .fields([])))
        try OptionBinding.apply(bindings, options, to: &given)
        let wait = try given.resolved(command: "wait", key: \.key)
        if wait.until.isEmpty {
            throw .usage("wait needs what to wait for: --until FIELD=VALUE (for example --until status=DONE)")
        }
        try CommandLineParser.checkStandardInputReadOnce(wait.until, patch: nil)
        return wait
    }

    /// `wait`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<KeyedOptions<WaitOptions>>] = [
        .id(\.id), .key(\.keys),
        .repeated(
            OptionName.until, "FIELD=VALUE",
            """
            wait until FIELD equals VALUE (typed by the schema); repeat: all at once
            (FIELD:=JSON a literal JSON value; FIELD:=null absent or null)
            """, section: "Conditions", completes: .assignment(.nonModel), read: .assignment,
            appending: \.options.until),
        .value(
            OptionName.timeout, "DURATION", "give up after this long (30s, 10m, 1h; exit 124)", read: .duration,
            into: \.options.timeout),
        .select("the fields to print (default: every scalar, enum and non-model field)", \.options.select),
        .value(
            OptionName.realtimeEndpoint, "URL",
            "the real-time endpoint (env GQLPATCH_REALTIME_ENDPOINT; default: derived from the endpoint)",
            read: .text, into: \.options.realtimeEndpoint),
    ]

    /// `wait`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        let settings = try await run.settings(focus: CatalogueFocus(models: [model]))
        var options = self
        options.catchesInterrupt = run.environmentCheck != nil
        return try await WaitCommand(
            options: options, settings: settings, context: run.context, environment: run.environment
        ).run()
    }
}
