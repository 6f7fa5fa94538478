import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch wait`: waits until one record holds every `--until` value, then prints it (exit 0).
/// It subscribes first and reads the record second, so a change landing between the two is seen by
/// one or the other. The subscription selects the key and every field `--until` names, so an event
/// whose record holds the values settles the wait by itself; the record printed is then read back
/// (the read may lag the write: Amplify's get resolver reads DynamoDB eventually consistently).
/// Every read that decides is made several times over `consistencyPauses` (about 1.5 s) while it
/// does not hold, and the record is read again every `rereadMilliseconds` meanwhile, so neither a
/// stale read nor a change no event reported leaves it waiting. A delete of the record ends the wait
/// with exit 3, `--timeout` with exit 124.
package struct WaitCommand: Sendable {
    package var options: WaitOptions
    package var settings: Settings
    package var context: RunContext
    package var environment: [String: String]

    /// The pauses before each read that decides (milliseconds): a read right after a write may
    /// return the value before it for a moment, so one read that does not hold is read again.
    static let consistencyPauses: [Int64] = [0, 100, 200, 300, 400, 500]
    /// How often the record is read again while no event comes.
    static let rereadMilliseconds: Int64 = 10_000

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
        // The fields the conditions test are read too, whatever is printed; the events carry the
        // key and those fields.
        var readSelection = fetchSelection
        var eventSelection = SelectionSet(
            fields: model.primaryKey.map { SelectionSet.Field(name: $0, subselection: nil) })
        for pair in options.until {
            if !readSelection.contains(pair.field) {
                readSelection.fields.append(SelectionSet.Field(name: pair.field, subselection: nil))
            }
            if !eventSelection.contains(pair.field) {
                eventSelection.fields.append(SelectionSet.Field(name: pair.field, subselection: nil))
            }
        }
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
            let read = try DocumentBuilder().getQuery(model: model, selection: readSelection, key: key)
            var plan = source.plan().objectValue ?? JSONObject()
            plan["read"] = DryRun.step(
                "read the record after subscribing, after each of its events and every \(Self.rereadMilliseconds / 1000) s; a read that does not hold is made again over about 1.5 s",
                read)
            try JSONPrinter(pretty: settings.pretty, console: context.console).print(
                .object(plan), to: context.console)
            return .success
        }
        let end = options.timeout.map { RealtimeSubscriber.now.adding(milliseconds: Int64($0 * 1000)) }
        let watch = options.catchesInterrupt ? InterruptWatch() : nil
        watch?.start()
        defer { watch?.stop() }
        let session = CommandSession(settings: settings, context: context)
        let records = session.records()
        let field = model.operations.get ?? "get"
        var found = false

        /// The timeout's error: whether any read found the record says which.
        func timedOut() -> GQLPatchError {
            found
                ? GQLPatchError(.timedOut, "\(name) did not reach \(Self.describe(options.until)) before --timeout")
                : GQLPatchError(
                    .timedOut,
                    "\(name) was not found by any read before --timeout (it does not exist, or the credentials may not read it), so it never reached \(Self.describe(options.until))"
                )
        }

        // Subscribe first: a change after this point comes as an event.
        switch try await source.connect(until: end, interrupts: watch) {
        case .interrupted(let code): return code
        case .timedOut: throw timedOut()
        case .event, nil: break
        }
        defer { source.subscriber.close() }

        /// One read: the record (checked), nil when there is none; an error when it is deleted.
        func read() async throws(GQLPatchError) -> (JSONObject, GraphQLResponse)? {
            let read = try await records.read(model, key: key, selection: readSelection)
            guard let record = read.record else { return nil }
            try ResponseShapeCheck.check(record, model: model, selection: readSelection, field: field)
            if record["_deleted"] == .bool(true) { throw GQLPatchError(.notFound, "\(name) was deleted") }
            found = true
            return (record, read.response)
        }

        func printed(_ record: JSONObject, _ response: GraphQLResponse) throws(GQLPatchError) {
            try session.printRecord(
                .object(SelectionProjection.project(record, onto: selection)), envelope: response.envelope)
        }

        /// Reads over `consistencyPauses` until a read holds (printed: true). `event` is the record
        /// of an event that holds every value: then the wait is settled, and when every read still
        /// lags, the last read is printed with the event's values over it.
        func settle(event: JSONObject?) async throws(GQLPatchError) -> Bool {
            var last: (JSONObject, GraphQLResponse)?
            for pause in Self.consistencyPauses {
                if pause > 0 {
                    let now = RealtimeSubscriber.now
                    if event == nil, let end, now.adding(milliseconds: pause) >= end { return false }
                    if watch?.isInterrupted == true { return false }
                    try? await Task.sleep(for: .milliseconds(pause))
                }
                guard let current = try await read() else { continue }
                last = current
                if RecordMatcher.matches(condition, current.0) {
                    try printed(current.0, current.1)
                    return true
                }
            }
            guard let event else { return false }
            var record = last?.0 ?? JSONObject()
            for (field, value) in event { record[field] = value }
            context.console.message(
                "gqlpatch: warning: wait: the event of \(name) holds the values but reads still return the record before it after \(Self.consistencyPauses.count) tries; printing the read with the event's fields"
            )
            let data = JSONValue.object(JSONObject([(field, .object(record))]))
            try printed(
                record,
                last?.1
                    ?? GraphQLResponse(data: data, errors: [], envelope: .object(JSONObject([("data", data)]))))
            return true
        }

        if try await settle(event: nil) { return .success }
        if settings.verbose {
            context.console.message(
                "gqlpatch: wait: subscribed to \(model.name)'s changes at \(RealtimeEndpoint.shown(source.subscriber.endpoint)); \(name) does not hold the values yet"
            )
        }
        var nextRead = RealtimeSubscriber.now.adding(milliseconds: Self.rereadMilliseconds)
        while true {
            if let watch, watch.isInterrupted { return watch.exitCode }
            let stepEnd = min(end ?? Int64.max, nextRead)
            let step = try await source.next(until: stepEnd, interrupts: watch)
            switch step {
            case .interrupted(let code): return code
            case .timedOut:
                if let end, RealtimeSubscriber.now >= end { throw timedOut() }
                // The periodic read: a change no event reported is found this way.
                nextRead = RealtimeSubscriber.now.adding(milliseconds: Self.rereadMilliseconds)
                if let (record, response) = try await read(), RecordMatcher.matches(condition, record) {
                    try printed(record, response)
                    return .success
                }
            case .event(.resumed(let problem, let milliseconds, let tries)):
                context.console.message(
                    "gqlpatch: wait: subscribed again after \(Self.seconds(milliseconds)) and \(tries) \(tries == 1 ? "try" : "tries") (the connection broke: \(problem.summary)); reading \(name) again"
                )
                if try await settle(event: nil) { return .success }
            case .event(.data(let id, let payload)):
                let carried = try source.carried(id: id, payload: payload)
                switch carried {
                case nil: continue
                case .record(let kind, let item):
                    guard model.primaryKey.allSatisfy({ item[$0] == key[$0] }) else { continue }
                    if kind == .delete { throw GQLPatchError(.notFound, "\(name) was deleted") }
                    let holds = RecordMatcher.matches(condition, item)
                    if try await settle(event: holds ? item : nil) { return .success }
                case .failed:
                    // An event without its record: it may be this one's; the read decides.
                    if try await settle(event: nil) { return .success }
                }
            }
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
