import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `watch`'s loop: a model's events as they come, each one that names a record and passes the
/// filter handed on with its key, until `count` of them, the end, or Ctrl-C. A broken connection is
/// made again (the gap is handed on: AppSync does not replay what was missed).
package struct ModelWatch: Sendable {
    /// What the loop hands the command (each printed or worded there).
    package enum Item: Sendable {
        /// Subscribed: events come from now on.
        case subscribed
        /// A change of a record: the event, its key, and the record as the event carries it.
        case change(ModelSubscription.Event, key: JSONObject, item: JSONObject)
        /// The connection broke and was made again after `milliseconds` and `tries`.
        case subscribedAgain(RealtimeProblem, milliseconds: Int64, tries: Int)
        /// An event came without its record (the errors the service gave instead).
        case withoutRecord(ModelSubscription, String)
        /// An event's record lacks its key: it names no record.
        case withoutKey(ModelSubscription.Event)
    }

    /// How the watch ended, when it did not fail.
    package enum Outcome: Sendable, Equatable {
        /// `count` changes were handed on.
        case counted
        /// The end passed: before the subscriptions started (`subscribed` false), or after `changes`.
        case timedOut(subscribed: Bool, changes: Int)
        /// Ctrl-C (or SIGTERM): the exit code it asks for.
        case interrupted(ExitCode)
    }

    package var model: Model
    package var events: ModelEvents
    /// The filter an event's record must match (checked here even when the service filters too: a
    /// service whose subscriptions take no `filter`, or an older resolver, sends them all).
    package var filter: JSONValue?
    /// Stop after this many changes; nil: never.
    package var count: Int?
    /// The end (`RealtimeSubscriber.now` milliseconds); nil: none.
    package var end: Int64?
    package var interrupts: InterruptWatch?

    package init(
        model: Model, events: ModelEvents, filter: JSONValue?, count: Int?, end: Int64?, interrupts: InterruptWatch?
    ) {
        self.model = model
        self.events = events
        self.filter = filter
        self.count = count
        self.end = end
        self.interrupts = interrupts
    }

    package func run(report: (Item) throws(GQLPatchError) -> Void) async throws(GQLPatchError) -> Outcome {
        switch try await events.connect(until: end, interrupts: interrupts) {
        case .interrupted(let code): return .interrupted(code)
        case .timedOut: return .timedOut(subscribed: false, changes: 0)
        case .event, nil: break
        }
        defer { events.subscriber.close() }
        try report(.subscribed)
        var changes = 0
        while true {
            let event: RealtimeSubscriber.Event
            switch try await events.next(until: end, interrupts: interrupts) {
            case .interrupted(let code): return .interrupted(code)
            case .timedOut: return .timedOut(subscribed: true, changes: changes)
            case .event(let next): event = next
            }
            switch event {
            case .resumed(let problem, let milliseconds, let tries):
                try report(.subscribedAgain(problem, milliseconds: milliseconds, tries: tries))
            case .data(let id, let payload):
                let kind: ModelSubscription.Event
                let item: JSONObject
                switch try events.carried(id: id, payload: payload) {
                case nil: continue
                case .record(let event, let record): (kind, item) = (event, record)
                case .failed(let subscription, let said):
                    try report(.withoutRecord(subscription, said))
                    continue
                }
                if let filter, !RecordMatcher.matches(filter, item) { continue }
                var key = JSONObject()
                for field in model.primaryKey { key[field] = item[field] ?? .null }
                // An event whose record lacks its key names no record: reported, never counted.
                if key.contains(where: { $0.value.isNull }) {
                    try report(.withoutKey(kind))
                    continue
                }
                try report(.change(kind, key: key, item: item))
                changes += 1
                if let count, changes >= count { return .counted }
            }
        }
    }
}
