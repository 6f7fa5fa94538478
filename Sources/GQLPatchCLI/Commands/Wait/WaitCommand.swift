import GQLPatchBatch
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch wait`: waits until one record holds every `--until` value, then prints it (exit 0).
/// It subscribes first and reads the record second, so a change landing between the two is seen
/// by one or the other; after that each event for the record is a cue to read it again (an event
/// carries only what its mutation selected, so the read, not the event, is what is checked). A
/// delete of the record ends the wait with exit 3, `--timeout` with exit 124. After a broken
/// connection it subscribes again and reads the record again, which closes the gap.
package struct WaitCommand: Sendable {
    package var options: WaitOptions
    package var settings: Settings
    package var context: RunContext
    package var environment: [String: String]

    package func run() async throws(GQLPatchError) -> ExitCode {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        guard model.operations.get != nil else { throw .invalidInput("the API has no get query for \(model.name)") }
        let key = try ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording())
            .key(model: model, options.key)
        guard
            let condition = try ConditionBuilder(catalogue: catalogue, wording: CommandLineWording())
                .condition(model: model, pairs: options.until)
        else { throw .usage("wait needs what to wait for: --until FIELD=VALUE") }
        let (selection, fetchSelection) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: options.select)
        // The fields the conditions test are read too, whatever is printed.
        var readSelection = fetchSelection
        for pair in options.until where !readSelection.contains(pair.field) {
            readSelection.fields.append(SelectionSet.Field(name: pair.field, subselection: nil))
        }
        let events = ModelSubscription.Event.allCases.filter { model.operations.subscription($0) != nil }
        guard events.contains(.update) else {
            throw .invalidInput(
                "the API has no subscription to update events of \(model.name), so gqlpatch cannot wait on one")
        }
        let keySelection = SelectionSet(
            fields: model.primaryKey.map { SelectionSet.Field(name: $0, subselection: nil) })
        let source = try ModelEvents.make(
            model: model, events: events, selection: keySelection, settings: settings, context: context,
            environment: environment, realtimeEndpoint: options.realtimeEndpoint)
        let name = ModelLookup.describe(model: model, key: key)
        if settings.dryRun {
            let read = try DocumentBuilder().getQuery(model: model, selection: readSelection, key: key)
            var plan = source.plan().objectValue ?? JSONObject()
            plan["read"] = DryRun.step("read the record after subscribing, and again after each of its events", read)
            try JSONPrinter(pretty: settings.pretty, console: context.console).print(
                .object(plan), to: context.console)
            return .success
        }
        let end = options.timeout.map { RealtimeSubscriber.now + Int64($0 * 1000) }
        let watch = options.catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }
        // Subscribe first: a change after this point comes as an event.
        try await source.connect()
        defer { source.subscriber.close() }
        let session = CommandSession(settings: settings, context: context)
        let records = session.records()

        /// Reads the record: printed and done when every condition holds, an error when it is deleted.
        func check() async throws(GQLPatchError) -> Bool {
            let read = try await records.read(model, key: key, selection: readSelection)
            guard let record = read.record else { return false }
            if record["_deleted"] == .bool(true) { throw GQLPatchError(.notFound, "\(name) was deleted") }
            guard RecordMatcher.matches(condition, record) else { return false }
            try session.printRecord(
                .object(SelectionProjection.project(record, onto: selection)), envelope: read.response.envelope)
            return true
        }

        if try await check() { return .success }
        if settings.verbose {
            context.console.message(
                "gqlpatch: wait: subscribed to \(model.name)'s changes at \(RealtimeEndpoint.shown(source.subscriber.endpoint)); \(name) does not hold the values yet"
            )
        }
        while true {
            let event: RealtimeSubscriber.Event
            switch try await source.next(until: end, interrupts: watch) {
            case .interrupted(let code): return code
            case .timedOut:
                throw GQLPatchError(.timedOut, "\(name) did not reach \(Self.describe(options.until)) before --timeout")
            case .event(let next): event = next
            }
            switch event {
            case .resumed(let problem):
                context.console.message(
                    "gqlpatch: wait: subscribed again after the connection broke (\(problem.summary)); reading \(name) again"
                )
                if try await check() { return .success }
            case .data(let id, let payload):
                guard case .record(let kind, let item) = try source.carried(id: id, payload: payload),
                    model.primaryKey.allSatisfy({ item[$0] == key[$0] })
                else { continue }
                if kind == .delete { throw GQLPatchError(.notFound, "\(name) was deleted") }
                if try await check() { return .success }
            }
        }
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
