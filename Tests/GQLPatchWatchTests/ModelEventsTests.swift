import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSchema
@testable import GQLPatchSupport
@testable import GQLPatchWatch
@testable import HTTP

/// What `watch` and `wait` read from an event, and what a real-time problem means for the command's
/// exit code, with no connection made.
@Suite struct ModelEventsTests {
    private func events(hint: String = "give another with HINT") throws -> ModelEvents {
        let realtime = try #require(
            RealtimeEndpoint.derive(from: "https://abc.appsync-api.us-east-1.amazonaws.com/graphql"))
        let graphQL = try #require(AWSEndpointURL("https://abc.appsync-api.us-east-1.amazonaws.com/graphql"))
        let update = ModelSubscription(event: .update, name: "onUpdateJob")
        let started = RealtimeSubscriber.Subscription(id: "update", query: "subscription { onUpdateJob { id } }")
        let subscriber = RealtimeSubscriber(
            endpoint: realtime, graphQL: graphQL, authorizer: .none, webSockets: TransportMaker.refusingWebSockets,
            subscriptions: [started], timeoutMilliseconds: 1_000, secrets: { _ in }, note: { _ in })
        return ModelEvents(subscriptions: [(update, started)], subscriber: subscriber, endpointHint: hint)
    }

    @Test func anEventCarriesItsRecordOrItsErrors() throws {
        let events = try events()
        guard
            case .record(let kind, let record) = try events.carried(
                id: "update", payload: ["data": ["onUpdateJob": ["id": "7", "status": "DONE"]]])
        else {
            Issue.record("the record was not read")
            return
        }
        #expect(kind == .update && record["status"] == "DONE")
        guard
            case .failed(let subscription, let said) = try events.carried(
                id: "update", payload: ["data": ["onUpdateJob": .null], "errors": [["message": "Cannot return null"]]])
        else {
            Issue.record("the errors were not read")
            return
        }
        #expect(subscription.name == "onUpdateJob" && said == "Cannot return null")
        // Another subscription's id is not this command's.
        #expect(try events.carried(id: "other", payload: ["data": .null]) == nil)
        let error = try #require(throws: GQLPatchError.self) {
            _ = try events.carried(id: "update", payload: ["data": ["something": 1]])
        }
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("the onUpdateJob event carries no onUpdateJob object"))
    }

    @Test func aProblemIsTheExitCodeItsKindSaysAndNamesTheEndpointWhenItMayBeAtFault() throws {
        let events = try events()
        let throttled = events.error(.handshakeStatus(429))
        #expect(throttled.code == .throttled)
        #expect(
            throttled.message.hasSuffix(
                "(real-time endpoint wss://abc.appsync-realtime-api.us-east-1.amazonaws.com/graphql; give another with HINT)"
            ))
        #expect(events.error(.handshakeStatus(503)).code == .unavailable)
        #expect(events.error(.handshakeStatus(404)).code == .badResponse)
        #expect(events.error(.rateLimited(errors: [], tries: 6)).code == .throttled)
        #expect(events.error(.credentialsRefused(errors: [])).code == .unauthorized)
        // A broken connection is not the address's fault: no hint.
        #expect(events.error(.closed).code == .unavailable)
        #expect(!events.error(.closed).message.contains("HINT"))
    }

    @Test func aWaitWhoseEndHasPassedEndsWithoutConnecting() async throws {
        let events = try events()
        let model = Model(
            name: "Job", fields: [ModelField(name: "id", type: .nonNull(.named("ID")), kind: .scalar)],
            primaryKey: ["id"], isVersioned: false, operations: ModelOperations(get: "getJob"))
        let watch = ModelWatch(
            model: model, events: events, filter: nil, count: nil, end: RealtimeSubscriber.now - 1, interrupts: nil)
        var reported = 0
        let outcome = try await watch.run { _ in reported += 1 }
        #expect(outcome == .timedOut(subscribed: false, changes: 0))
        #expect(reported == 0)
    }
}
