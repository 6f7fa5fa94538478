import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `wait`'s loop: until one record holds every value asked for. It subscribes first and reads the
/// record second, so a change landing between the two is seen by one or the other. An event whose
/// record holds the values settles the wait by itself; the record is then read back (the read may
/// lag the write: Amplify's get resolver reads DynamoDB eventually consistently). Every read that
/// decides is made several times over `consistencyPauses` (about 1.5 s) while it does not hold, and
/// the record is read again every `rereadMilliseconds` meanwhile, so neither a stale read nor a
/// change no event reported leaves it waiting. A delete of the record is an error (not found).
package struct RecordWait: Sendable {
    /// What the loop tells the command as it goes (each worded there).
    package enum Note: Sendable {
        /// Subscribed, and the record does not hold the values yet.
        case waiting
        /// The connection broke and was made again after `milliseconds` and `tries`: the record is
        /// read again, since changes made meanwhile were not delivered.
        case subscribedAgain(RealtimeProblem, milliseconds: Int64, tries: Int)
        /// An event holds the values but every read still returns the record before it: the last
        /// read is taken with the event's fields over it.
        case readsLagTheEvent(tries: Int)
    }

    /// How the wait ended, when it did not fail.
    package enum Outcome: Sendable {
        /// The record holds every value: as read (or as the event had it), with the read's answer.
        case holds(JSONObject, GraphQLResponse)
        /// The end passed first; `found`: some read found the record.
        case timedOut(found: Bool)
        /// Ctrl-C (or SIGTERM): the exit code it asks for.
        case interrupted(ExitCode)
    }

    /// The pauses before each read that decides (milliseconds): a read right after a write may
    /// return the value before it for a moment, so one read that does not hold is read again.
    package static let consistencyPauses: [Int64] = [0, 100, 200, 300, 400, 500]
    /// How often the record is read again while no event comes.
    package static let rereadMilliseconds: Int64 = 10_000

    /// What a wait testing `fields` reads, and what its events carry: the read is `reading` with every
    /// tested field; an event carries the key and those fields, so one that holds the values settles
    /// the wait by itself.
    package static func selections(model: Model, testing fields: [String], reading: SelectionSet) -> (
        read: SelectionSet, event: SelectionSet
    ) {
        var read = reading
        var event = SelectionSet(fields: model.primaryKey.map { SelectionSet.Field(name: $0, subselection: nil) })
        for field in fields {
            if !read.contains(field) { read.fields.append(SelectionSet.Field(name: field, subselection: nil)) }
            if !event.contains(field) { event.fields.append(SelectionSet.Field(name: field, subselection: nil)) }
        }
        return (read, event)
    }

    package var model: Model
    package var key: JSONObject
    /// The filter the record must match (every value asked for).
    package var condition: JSONValue
    /// What each read selects: the fields printed and those the condition tests.
    package var readSelection: SelectionSet
    package var events: ModelEvents
    package var records: RecordService
    /// The end (`RealtimeSubscriber.now` milliseconds); nil: none.
    package var end: Int64?
    package var interrupts: InterruptWatch?

    package init(
        model: Model, key: JSONObject, condition: JSONValue, readSelection: SelectionSet, events: ModelEvents,
        records: RecordService, end: Int64?, interrupts: InterruptWatch?
    ) {
        self.model = model
        self.key = key
        self.condition = condition
        self.readSelection = readSelection
        self.events = events
        self.records = records
        self.end = end
        self.interrupts = interrupts
    }

    /// `Job id=42`, for messages.
    package var name: String { ModelLookup.describe(model: model, key: key) }

    package func run(note: (Note) -> Void) async throws(GQLPatchError) -> Outcome {
        var found = false
        // Subscribe first: a change after this point comes as an event.
        switch try await events.connect(until: end, interrupts: interrupts) {
        case .interrupted(let code): return .interrupted(code)
        case .timedOut: return .timedOut(found: false)
        case .event, nil: break
        }
        defer { events.subscriber.close() }
        let field = model.operations.get ?? "get"

        /// One read: the record (checked), nil when there is none; an error when it is deleted.
        func read() async throws(GQLPatchError) -> (JSONObject, GraphQLResponse)? {
            let read = try await records.read(model, key: key, selection: readSelection)
            guard let record = read.record else { return nil }
            try ResponseShapeCheck.check(record, model: model, selection: readSelection, field: field)
            if record["_deleted"] == .bool(true) { throw GQLPatchError(.notFound, "\(name) was deleted") }
            found = true
            return (record, read.response)
        }

        /// Reads over `consistencyPauses` until a read holds. `event` is the record of an event that
        /// holds every value: then the wait is settled, and when every read still lags, the last read
        /// is taken with the event's values over it.
        func settle(event: JSONObject?) async throws(GQLPatchError) -> (JSONObject, GraphQLResponse)? {
            var last: (JSONObject, GraphQLResponse)?
            for pause in Self.consistencyPauses {
                if pause > 0 {
                    let now = RealtimeSubscriber.now
                    if event == nil, let end, now.adding(milliseconds: pause) >= end { return nil }
                    if interrupts?.isInterrupted == true { return nil }
                    try? await Task.sleep(for: .milliseconds(pause))
                }
                guard let current = try await read() else { continue }
                last = current
                if RecordMatcher.matches(condition, current.0) { return current }
            }
            guard let event else { return nil }
            var record = last?.0 ?? JSONObject()
            for (name, value) in event { record[name] = value }
            note(.readsLagTheEvent(tries: Self.consistencyPauses.count))
            let data = JSONValue.object(JSONObject([(field, .object(record))]))
            return (
                record,
                last?.1 ?? GraphQLResponse(data: data, errors: [], envelope: .object(JSONObject([("data", data)])))
            )
        }

        if let held = try await settle(event: nil) { return .holds(held.0, held.1) }
        note(.waiting)
        var nextRead = RealtimeSubscriber.now.adding(milliseconds: Self.rereadMilliseconds)
        while true {
            if let interrupts, interrupts.isInterrupted { return .interrupted(interrupts.exitCode) }
            let step = try await events.next(until: min(end ?? Int64.max, nextRead), interrupts: interrupts)
            switch step {
            case .interrupted(let code): return .interrupted(code)
            case .timedOut:
                if let end, RealtimeSubscriber.now >= end { return .timedOut(found: found) }
                // The periodic read: a change no event reported is found this way.
                nextRead = RealtimeSubscriber.now.adding(milliseconds: Self.rereadMilliseconds)
                if let (record, response) = try await read(), RecordMatcher.matches(condition, record) {
                    return .holds(record, response)
                }
            case .event(.resumed(let problem, let milliseconds, let tries)):
                note(.subscribedAgain(problem, milliseconds: milliseconds, tries: tries))
                if let held = try await settle(event: nil) { return .holds(held.0, held.1) }
            case .event(.data(let id, let payload)):
                switch try events.carried(id: id, payload: payload) {
                case nil: continue
                case .record(let kind, let item):
                    guard model.primaryKey.allSatisfy({ item[$0] == key[$0] }) else { continue }
                    if kind == .delete { throw GQLPatchError(.notFound, "\(name) was deleted") }
                    let holds = RecordMatcher.matches(condition, item)
                    if let held = try await settle(event: holds ? item : nil) { return .holds(held.0, held.1) }
                case .failed:
                    // An event without its record: it may be this one's; the read decides.
                    if let held = try await settle(event: nil) { return .holds(held.0, held.1) }
                }
            }
        }
    }
}
