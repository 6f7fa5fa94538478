import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchWatch
import JSON

/// `gqlpatch watch`: subscribes to a model's changes and prints each as one JSON line,
/// `{"event": "update", "model": "Item", "key": {...}, "item": {...}}`, written as it comes: the
/// record as the event carries it (what the change's mutation selected; an event the mutation
/// selected too little for comes as an error, reported on stderr). Stops
/// after `--count` events (exit 0), at `--timeout` (exit 124), or at Ctrl-C (which stops the
/// subscriptions and closes the connection first). A broken connection is made again; the gap is
/// reported on stderr, since AppSync does not replay what was missed.
package struct WatchCommand: Sendable {
    package var options: WatchOptions
    package var settings: Settings
    package var context: RunContext
    package var environment: [String: String]

    package func run() async throws(GQLPatchError) -> ExitCode {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        let events =
            options.events ?? ModelSubscription.Event.allCases.filter { model.operations.subscription($0) != nil }
        if events.isEmpty { throw .invalidInput("the API has no subscriptions to changes of \(model.name)") }
        let (selection, fetched) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: options.select)
        var fetchSelection = fetched
        // The events carry the fields --where tests (the client checks each event), printed or not.
        for test in options.conditions where !fetchSelection.contains(test.field) && model.field(test.field) != nil {
            fetchSelection.fields.append(SelectionSet.Field(name: test.field))
        }
        // The client checks every event against the filter even when the service filters too: a
        // service whose subscriptions take no `filter` (v1), or an older resolver, sends them all.
        let filters = ListArgumentsBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording())
        let filter = try filters.filter(model: model, tests: options.conditions)
        let conditions = options.conditions
        let source = try ModelEvents.make(
            model: model, events: events, selection: fetchSelection, settings: settings, context: context,
            environment: environment, realtimeEndpoint: options.realtimeEndpoint,
            filter: { input in filters.subscriptionFilter(model: model, tests: conditions, input: input) })
        // The service filters an owner-rule model's events for a user-pool or OIDC subscriber
        // (amplify-category-api#837): only the records the caller owns come.
        if settings.verbose, !model.ownerFields.isEmpty, [.userPool, .oidc].contains(settings.authMode) {
            context.console.message(
                "gqlpatch: watch: \(model.name) has owner rules (\(model.ownerFields.joined(separator: ", "))): the service sends a \(settings.authMode.rawValue) caller only the events of records it owns, unless another rule lets it read them all"
            )
        }
        if settings.dryRun {
            try JSONPrinter(pretty: settings.pretty, console: context.console).print(
                source.plan(), to: context.console)
            return .success
        }
        let end = options.timeout.map { RealtimeSubscriber.now.adding(milliseconds: Int64($0 * 1000)) }
        let watch = options.catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }
        let console = context.console
        let run = ModelWatch(
            model: model, events: source, filter: filter, count: options.count, end: end, interrupts: watch)
        let outcome = try await run.run { item throws(GQLPatchError) in
            switch item {
            case .subscribed:
                guard settings.verbose else { return }
                let served =
                    filter == nil
                    ? ""
                    : source.subscriptions.allSatisfy({ $0.1.variables["filter"] != nil })
                        ? " (the service filters them)" : " (filtered here: the subscriptions cannot say every test)"
                console.message(
                    "gqlpatch: watch: subscribed to \(events.map(\.rawValue).joined(separator: ", ")) events of \(model.name) at \(RealtimeEndpoint.shown(source.subscriber.endpoint))\(served)"
                )
            case .subscribedAgain(let problem, let milliseconds, let tries):
                console.message(
                    "gqlpatch: watch: subscribed again after \(WaitCommand.seconds(milliseconds)) and \(tries) \(tries == 1 ? "try" : "tries") (the connection broke: \(problem.summary)); changes made meanwhile were not delivered"
                )
            case .withoutRecord(let subscription, let said):
                console.message(
                    "gqlpatch: warning: watch: a \(subscription.event.rawValue) event of \(model.name) came without its record: \(said) (the change's mutation did not select every field watch asks for; \(OptionName.select) fewer)"
                )
            case .withoutKey(let kind):
                console.message(
                    "gqlpatch: warning: watch: a \(kind.rawValue) event of \(model.name) came without its key (\(model.primaryKey.joined(separator: ", "))); not printed"
                )
            case .change(let kind, let key, let item):
                let line = JSONValue.object(
                    JSONObject([
                        ("event", .string(kind.rawValue)), ("model", .string(model.name)), ("key", .object(key)),
                        ("item", .object(SelectionProjection.project(item, onto: selection))),
                    ]))
                try console.write(JSONPrinter.line(line))
            }
        }
        switch outcome {
        case .counted: return .success
        case .interrupted(let code): return code
        case .timedOut(subscribed: false, _):
            console.message("gqlpatch: watch: \(OptionName.timeout) passed before the subscriptions could start")
            return .timedOut
        case .timedOut(subscribed: true, let changes):
            console.message(
                "gqlpatch: watch: \(OptionName.timeout) passed after \(changes) event\(changes == 1 ? "" : "s")")
            return .timedOut
        }
    }
}
