import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import HTTP
import JSON

/// What `watch` and `wait` share: a model's subscriptions over the API's real-time endpoint, and
/// the words for what can go wrong there.
package struct ModelEvents {
    /// The subscriptions, by id (the event's name: `create`, `update`, `delete`).
    package var subscriptions: [(ModelSubscription, RealtimeSubscriber.Subscription)]
    package var subscriber: RealtimeSubscriber

    /// How long a connect or an acknowledgement may take (the global `--timeout`, else 30 s).
    static func timeoutMilliseconds(_ settings: Settings) -> Int64 {
        Int64((settings.timeout ?? GraphQLClient.defaultTimeout) * 1000)
    }

    /// The real-time endpoint: `--realtime-endpoint`, else `GQLPATCH_REALTIME_ENDPOINT`, else derived
    /// from the GraphQL endpoint.
    static func endpoint(given: String?, settings: Settings, environment: [String: String])
        throws(GQLPatchError) -> (realtime: AWSEndpointURL, graphQL: AWSEndpointURL)
    {
        guard let text = settings.endpoint, let graphQL = AWSEndpointURL(text) else {
            throw .configuration("no endpoint: give --endpoint URL (or GQLPATCH_ENDPOINT, or a config file)")
        }
        let (override, origin): (String?, String) =
            given != nil
            ? (given, OptionName.realtimeEndpoint)
            : (environment["GQLPATCH_REALTIME_ENDPOINT"], "GQLPATCH_REALTIME_ENDPOINT")
        if let override, !override.isEmpty {
            guard let url = RealtimeEndpoint.given(override) else {
                throw .configuration(
                    "\(origin) '\(override)' is not a wss:// or ws:// URL (for example wss://api.example.com/graphql/realtime)"
                )
            }
            return (url, graphQL)
        }
        guard let url = RealtimeEndpoint.derive(from: text) else {
            throw .configuration(
                "cannot derive a real-time endpoint from '\(text)'; give \(OptionName.realtimeEndpoint) URL")
        }
        return (url, graphQL)
    }

    /// Subscriptions to `events` of `model`, each selecting `selection`; `filter` gives, for a
    /// subscription's filter input, the filter the service is to apply (nil: every event comes).
    static func make(
        model: Model, events: [ModelSubscription.Event], selection: SelectionSet, settings: Settings,
        context: RunContext, environment: [String: String], realtimeEndpoint: String?,
        filter: (String) -> JSONValue? = { _ in nil }
    ) throws(GQLPatchError) -> ModelEvents {
        var subscriptions: [(ModelSubscription, RealtimeSubscriber.Subscription)] = []
        for event in events {
            guard let subscription = model.operations.subscription(event) else {
                throw .invalidInput(
                    "the API has no subscription to \(event.rawValue) events of \(model.name) (its schema has no on\(event.rawValue.capitalizedFirst)\(model.name))"
                )
            }
            let serverFilter = subscription.filterInput.flatMap(filter)
            let document = try SubscriptionDocument.text(
                for: subscription, model: model, selection: selection, filtered: serverFilter != nil)
            var variables = JSONObject()
            if let serverFilter { variables["filter"] = serverFilter }
            subscriptions.append(
                (
                    subscription,
                    RealtimeSubscriber.Subscription(
                        id: event.rawValue, query: document.query, variables: variables,
                        callerArguments: document.callerArguments)
                ))
        }
        let (realtime, graphQL) = try endpoint(given: realtimeEndpoint, settings: settings, environment: environment)
        let console = context.console
        let secrets = context.secrets
        let verbose: (@Sendable (String) -> Void)? =
            settings.verbose ? { @Sendable in console.message("gqlpatch: \($0)") } : nil
        let subscriber = RealtimeSubscriber(
            endpoint: realtime, graphQL: graphQL, authorizer: settings.authorizer,
            certificateAuthorities: CertificateAuthorities.bundle(in: environment),
            proxy: ProxySelection.proxy(forWebSocket: realtime, environment: environment),
            subscriptions: subscriptions.map(\.1), timeoutMilliseconds: timeoutMilliseconds(settings),
            secrets: { secrets?.register($0) },
            note: { console.message("gqlpatch: \($0)") },
            verbose: verbose)
        return ModelEvents(subscriptions: subscriptions, subscriber: subscriber)
    }

    /// The `--dry-run` plan: where it would connect and what it would subscribe to (no credentials).
    func plan() -> JSONValue {
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
    enum Carried {
        /// The record (`payload.data.<subscription>`).
        case record(ModelSubscription.Event, JSONObject)
        /// No record, but errors: AppSync fills an event with what the mutation that caused it
        /// selected, and a field the subscription selects that the mutation did not (a non-null
        /// `createdAt`) makes the event an error (`Cannot return null for non-nullable type`).
        case failed(ModelSubscription, String)
    }

    /// What the event of subscription `id` carries; nil for an id that is not one of these.
    func carried(id: String, payload: JSONValue) throws(GQLPatchError) -> Carried? {
        guard let (subscription, _) = subscriptions.first(where: { $0.1.id == id }) else { return nil }
        if let item = payload["data"]?[subscription.name]?.objectValue { return .record(subscription.event, item) }
        if let errors = payload["errors"]?.arrayValue, !errors.isEmpty {
            let said = errors.compactMap { $0["message"]?.stringValue }.joined(separator: "; ")
            return .failed(subscription, said)
        }
        throw GQLPatchError(.badResponse, "the \(subscription.name) event carries no \(subscription.name) object")
    }

    /// What a step of a command's wait brought.
    enum Step {
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
    func connect(until end: Int64?, interrupts: InterruptWatch?) async throws(GQLPatchError) -> Step? {
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
    func next(until end: Int64?, interrupts: InterruptWatch?) async throws(GQLPatchError) -> Step {
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
    func error(_ problem: RealtimeProblem) -> GQLPatchError {
        let place =
            " (real-time endpoint \(RealtimeEndpoint.shown(subscriber.endpoint)); if that address is wrong, give the right one with \(OptionName.realtimeEndpoint) URL)"
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

extension String {
    /// `update` -> `Update`.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
