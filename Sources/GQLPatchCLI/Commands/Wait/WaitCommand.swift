import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchWatch
import JSON

/// `gqlpatch wait`: waits until one record holds every `--until` value, then prints it (exit 0), by
/// `RecordWait`'s loop. The subscription selects the key and every field `--until` names, so an
/// event whose record holds the values settles the wait by itself. A delete of the record ends the
/// wait with exit 3, `--timeout` with exit 124.
package struct WaitCommand: Sendable {
    package var options: WaitOptions
    package var settings: Settings
    package var context: RunContext
    package var environment: [String: String]

    package func run() async throws(GQLPatchError) -> ExitCode {
        let catalogue = settings.catalogue
        let wording = CommandLineWording(conditionOption: OptionName.until)
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        guard model.operations.get != nil else { throw .invalidInput("the API has no get query for \(model.name)") }
        let key = try ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: wording)
            .key(model: model, options.key)
        guard
            let condition = try ConditionBuilder(catalogue: catalogue, wording: wording)
                .condition(model: model, pairs: options.until)
        else { throw .usage("wait needs what to wait for: \(OptionName.until) FIELD=VALUE") }
        let (selection, fetchSelection) = try SelectionBuilder(catalogue: catalogue, wording: wording)
            .readSelections(for: model, paths: options.select)
        // The fields the conditions test are read too, whatever is printed.
        let (readSelection, eventSelection) = RecordWait.selections(
            model: model, testing: options.until.map(\.field), reading: fetchSelection)
        let events = ModelSubscription.Event.allCases.filter { model.operations.subscription($0) != nil }
        guard events.contains(.update) else {
            throw .invalidInput(
                "the API has no subscription to update events of \(model.name), so gqlpatch cannot wait on one")
        }
        let source = try ModelEvents.make(
            model: model, events: events, selection: eventSelection, settings: settings, context: context,
            environment: environment, realtimeEndpoint: options.realtimeEndpoint)
        let name = ModelLookup.describe(model: model, key: key)
        if settings.dryRun {
            let read = try CommandSession(settings: settings, context: context).records().plannedRead(
                model, key: key, selection: readSelection,
                purpose:
                    "read the record after subscribing, after each of its events and every \(RecordWait.rereadMilliseconds / 1000) s; a read that does not hold is made again over about 1.5 s"
            )
            var plan = source.plan().objectValue ?? JSONObject()
            plan["read"] = read.json
            try JSONPrinter(pretty: settings.pretty, console: context.console).print(
                .object(plan), to: context.console)
            return .success
        }
        let end = options.timeout.map { RealtimeSubscriber.now.adding(milliseconds: Int64($0 * 1000)) }
        let watch = options.catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }
        let session = CommandSession(settings: settings, context: context)
        let console = context.console
        let wait = RecordWait(
            model: model, key: key, condition: condition, readSelection: readSelection, events: source,
            records: session.records(), end: end, interrupts: watch)
        let outcome = try await wait.run { note in
            switch note {
            case .waiting:
                guard settings.verbose else { return }
                console.message(
                    "gqlpatch: wait: subscribed to \(model.name)'s changes at \(RealtimeEndpoint.shown(source.subscriber.endpoint)); \(name) does not hold the values yet"
                )
            case .subscribedAgain(let problem, let milliseconds, let tries):
                console.message(
                    "gqlpatch: wait: subscribed again after \(Self.seconds(milliseconds)) and \(tries) \(tries == 1 ? "try" : "tries") (the connection broke: \(problem.summary)); reading \(name) again"
                )
            case .readsLagTheEvent(let tries):
                console.message(
                    "gqlpatch: warning: wait: the event of \(name) holds the values but reads still return the record before it after \(tries) tries; printing the read with the event's fields"
                )
            }
        }
        switch outcome {
        case .holds(let record, let response):
            try session.printRecord(
                .object(SelectionProjection.project(record, onto: selection)), envelope: response.envelope)
            return .success
        case .interrupted(let code):
            return code
        case .timedOut(found: true):
            throw GQLPatchError(
                .timedOut, "\(name) did not reach \(Self.describe(options.until)) before \(OptionName.timeout)")
        case .timedOut(found: false):
            throw GQLPatchError(
                .timedOut,
                "\(name) was not found by any read before \(OptionName.timeout) (it does not exist, or the credentials may not read it), so it never reached \(Self.describe(options.until))"
            )
        }
    }

    /// `1.5 s`.
    static func seconds(_ milliseconds: Int64) -> String {
        let tenths = max(0, milliseconds) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `status=DONE and count:=3`, as given.
    static func describe(_ pairs: [FieldAssignment]) -> String {
        pairs.map { pair in
            switch pair.value {
            case .text(let text): "\(pair.field)=\(text)"
            case .json(let json): "\(pair.field):=\(json)"
            case .file(let path): "\(pair.field)=@\(path)"
            case .null: "\(pair.field):=null"
            case .parsed(let value): "\(pair.field):=\(value.serialized())"
            }
        }.joined(separator: " and ")
    }
}
