import Foundation
import HTTP
import JSON
import Testing
import WebSocket

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// The real-time client opens its connections through the run's `TransportMaker`, as every request
/// goes through it: a test's maker hands out a fake channel, which sees the opening asked for and
/// answers as the service does.
@Suite struct RealtimeThroughMakerTests {
    /// A channel that answers each message with the service's reply, and keeps what it was sent.
    final class FakeChannel: WebSocketChannel, @unchecked Sendable {
        // @unchecked: touched only under `lock`.
        private let lock = NSLock()
        private var queued: [String] = []
        private var texts: [String] = []
        let subprotocol: String? = "graphql-ws"

        var sent: [String] { lock.withLock { texts } }

        func send(text: String, deadline: Int64) throws(WebSocketFailure) {
            lock.withLock {
                texts.append(text)
                let message = (try? JSONValue.parse(Array(text.utf8)))?.objectValue
                switch message?["type"]?.stringValue {
                case "connection_init":
                    queued.append(#"{"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}"#)
                case "start":
                    let id = message?["id"]?.stringValue ?? ""
                    queued.append(#"{"type":"start_ack","id":"\#(id)"}"#)
                    queued.append(#"{"type":"data","id":"\#(id)","payload":{"data":{"onUpdateJob":{"id":"7"}}}}"#)
                default: break
                }
            }
        }

        func receive(deadline: Int64) throws(WebSocketFailure) -> WebSocketReceived {
            lock.withLock { queued.isEmpty ? .timedOut : .event(.text(queued.removeFirst())) }
        }

        func close(_ code: WebSocketCloseCode, deadline: Int64) {}
    }

    @Test func theSubscriptionRunsOverTheChannelTheMakerOpens() async throws {
        let channel = FakeChannel()
        let asked = LockedValue<[WebSocketRequest]>([])
        let maker = TransportMaker.fixed(
            FailedTransport(GQLPatchError(.unavailable, "no requests here")),
            webSockets: { request throws(WebSocketFailure) in
                asked.withValue { $0.append(request) }
                return channel
            })
        let realtime = try #require(
            RealtimeEndpoint.derive(from: "https://abc.appsync-api.us-east-1.amazonaws.com/graphql"))
        let graphQL = try #require(AWSEndpointURL("https://abc.appsync-api.us-east-1.amazonaws.com/graphql"))
        let subscriber = RealtimeSubscriber(
            endpoint: realtime, graphQL: graphQL, authorizer: .apiKey("da2-secret"),
            webSockets: { request throws(WebSocketFailure) in try maker.openWebSocket(request) },
            subscriptions: [
                RealtimeSubscriber.Subscription(id: "update", query: "subscription { onUpdateJob { id } }")
            ],
            timeoutMilliseconds: 1_000, secrets: { _ in }, note: { _ in })
        #expect(try await subscriber.connect(until: RealtimeSubscriber.now + 2_000))
        let event = try await subscriber.next(until: RealtimeSubscriber.now + 2_000)
        guard case .data(let id, let payload)? = event else {
            Issue.record("expected the data event, got \(String(describing: event))")
            return
        }
        #expect(id == "update" && payload["data"]?["onUpdateJob"]?["id"] == "7")
        let request = try #require(asked.current.first)
        // The authorization travels as a subprotocol, never in the URL's query.
        #expect(request.url.query.isEmpty && request.subprotocols.first == "graphql-ws")
        #expect(request.subprotocols.count == 2 && request.subprotocols[1].hasPrefix("header-"))
        #expect(channel.sent.first == #"{"type":"connection_init"}"#)
    }
}
