import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchWatch
import HTTP
import JSON

/// How `watch` and `wait` set up a model's subscriptions from the run's settings: the real-time
/// endpoint (given, or derived from the GraphQL one) and the subscriber that reaches it.
extension ModelEvents {
    /// How long a connect or an acknowledgement may take (the global `--timeout`, else 30 s).
    static func timeoutMilliseconds(_ settings: Settings) -> Int64 {
        Int64((settings.timeout ?? GraphQLClient.defaultTimeout) * 1000)
    }

    /// The real-time endpoint: `--realtime-endpoint`, else `GQLPATCH_REALTIME_ENDPOINT`, else the one
    /// an API named by its id was described with, else derived from the GraphQL endpoint.
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
        // An API named by its id: the real-time endpoint its description gives, for the endpoint it gave.
        if let api = settings.api?.description, api.graphQL == text, let given = api.realtime,
            let url = RealtimeEndpoint.given(given)
        {
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
            webSockets: { request throws(WebSocketFailure) in try context.transports.openWebSocket(request) },
            subscriptions: subscriptions.map(\.1), timeoutMilliseconds: timeoutMilliseconds(settings),
            secrets: { secrets?.register($0) },
            note: { console.message("gqlpatch: \($0)") },
            verbose: verbose)
        return ModelEvents(
            subscriptions: subscriptions, subscriber: subscriber,
            endpointHint: "if that address is wrong, give the right one with \(OptionName.realtimeEndpoint) URL")
    }
}

extension String {
    /// `update` -> `Update`.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
