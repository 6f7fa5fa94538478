import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import HTTP
import JSON

/// What `watch` and `wait` share: a model's subscriptions over the API's real-time endpoint, what
/// an event carries, and what a real-time problem means for the command (its exit code).
package struct ModelEvents {
    /// The subscriptions, by id (the event's name: `create`, `update`, `delete`).
    package var subscriptions: [(ModelSubscription, RealtimeSubscriber.Subscription)]
    package var subscriber: RealtimeSubscriber
    /// Said after a problem the endpoint's address may cause: how to give another one.
    package var endpointHint: String

    package init(
        subscriptions: [(ModelSubscription, RealtimeSubscriber.Subscription)], subscriber: RealtimeSubscriber,
        endpointHint: String
    ) {
        self.subscriptions = subscriptions
        self.subscriber = subscriber
        self.endpointHint = endpointHint
    }

    /// The `--dry-run` plan: where it would connect and what it would subscribe to (no credentials).
    package func plan() -> JSONValue {
        .object(
            JSONObject([
                ("realtimeEndpoint", .string(RealtimeEndpoint.shown(subscriber.endpoint))),
                (
                    "subscriptions",
                    .array(
                        subscriptions.map { subscription, started in
                            var shown = JSONObject([("id", .string(started.id)), ("query", .string(started.query))])
                            var variables = started.variables
                            for argument in started.callerArguments {
                                variables[argument] = .string("<the caller's user name>")
                            }
                            if !variables.isEmpty { shown["variables"] = .object(variables) }
                            return .object(shown)
                        })
                ),
            ]))
    }

    /// What an event carries.
    package enum Carried {
        /// The record (`payload.data.<subscription>`).
        case record(ModelSubscription.Event, JSONObject)
        /// No record, but errors: AppSync fills an event with what the mutation that caused it
        /// selected, and a field the subscription selects that the mutation did not (a non-null
        /// `createdAt`) makes the event an error (`Cannot return null for non-nullable type`).
        case failed(ModelSubscription, String)
    }

    /// What the event of subscription `id` carries; nil for an id that is not one of these.
    package func carried(id: String, payload: JSONValue) throws(GQLPatchError) -> Carried? {
        guard let (subscription, _) = subscriptions.first(where: { $0.1.id == id }) else { return nil }
        if let item = payload["data"]?[subscription.name]?.objectValue { return .record(subscription.event, item) }
        if let errors = payload["errors"]?.arrayValue, !errors.isEmpty {
            let said = errors.compactMap { $0["message"]?.stringValue }.joined(separator: "; ")
            return .failed(subscription, said)
        }
        throw GQLPatchError(.badResponse, "the \(subscription.name) event carries no \(subscription.name) object")
    }

    /// What a step of a command's wait brought.
    package enum Step {
        case event(RealtimeSubscriber.Event)
        /// The command's `--timeout` passed.
        case timedOut
        /// Ctrl-C (or SIGTERM): the exit code it asks for.
        case interrupted(ExitCode)
    }

    /// How often a blocked read looks up for Ctrl-C.
    static let sliceMilliseconds: Int64 = 200

    /// Connects and starts the subscriptions by `end` (`RealtimeSubscriber.now` milliseconds), or
    /// the end the command was given or asked for: `.event(.resumed)` never comes from here, nil
    /// means connected. A failure is worded for the command.
    package func connect(until end: Int64?, interrupts: InterruptWatch?) async throws(GQLPatchError) -> Step? {
        while true {
            if interrupts?.isInterrupted == true { return .interrupted(interrupts?.exitCode ?? .interrupted) }
            let now = RealtimeSubscriber.now
            if let end, now >= end { return .timedOut }
            do throws(RealtimeProblem) {
                if try await subscriber.connect(
                    until: min(end ?? Int64.max, now.adding(milliseconds: Self.sliceMilliseconds)))
                {
                    return nil
                }
            } catch {
                throw self.error(error)
            }
        }
    }

    /// The next event, or the end the command was given (`end`, `RealtimeSubscriber.now`
    /// milliseconds) or asked for (`interrupts`), whichever comes first.
    package func next(until end: Int64?, interrupts: InterruptWatch?) async throws(GQLPatchError) -> Step {
        while true {
            if interrupts?.isInterrupted == true { return .interrupted(interrupts?.exitCode ?? .interrupted) }
            let now = RealtimeSubscriber.now
            if let end, now >= end { return .timedOut }
            do throws(RealtimeProblem) {
                if let event = try await subscriber.next(
                    until: min(end ?? Int64.max, now.adding(milliseconds: Self.sliceMilliseconds)))
                {
                    return .event(event)
                }
            } catch {
                throw self.error(error)
            }
        }
    }

    /// The error for a real-time problem: its exit code by its kind, and where it happened when the
    /// address may be at fault.
    package func error(_ problem: RealtimeProblem) -> GQLPatchError {
        let place = " (real-time endpoint \(RealtimeEndpoint.shown(subscriber.endpoint)); \(endpointHint))"
        switch problem {
        case .authorization(let error): return error
        case .connection, .noAcknowledgement: return GQLPatchError(.unavailable, problem.summary + place)
        case .closed, .keepAliveMissed, .ended: return GQLPatchError(.unavailable, problem.summary)
        case .handshakeStatus(let status):
            let kind: ExitCode = status == 429 ? .throttled : status >= 500 ? .unavailable : .badResponse
            return GQLPatchError(kind, problem.summary + place)
        case .webSocket, .protocolViolation: return GQLPatchError(.badResponse, problem.summary + place)
        case .refused(let errors, let status):
            let final = status != nil || [.credentials, .badRequest].contains(RealtimeErrorKind.of(errors))
            return GQLPatchError(final ? .unauthorized : .unavailable, problem.summary)
        case .credentialsRefused: return GQLPatchError(.unauthorized, problem.summary)
        case .rateLimited, .subscriptionLimit: return GQLPatchError(.throttled, problem.summary)
        case .noCallerName: return GQLPatchError(.invalidInput, problem.summary)
        case .subscriptionRefused(let errors):
            return GQLPatchError(
                RealtimeErrorKind.of(errors) == .credentials ? .unauthorized : .graphQLError, problem.summary)
        }
    }
}
