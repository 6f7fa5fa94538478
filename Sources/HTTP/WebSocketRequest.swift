import GQLPatchSupport

/// The opening of a WebSocket: the URL (`ws://` or `wss://`; its path and query the request
/// target), the subprotocols offered, headers beside the handshake's own, the largest message
/// taken, and the deadline of the connect and handshake (`MonotonicClock` milliseconds).
package struct WebSocketRequest: Sendable {
    package var url: AWSEndpointURL
    package var subprotocols: [String]
    package var headers: [HeaderField]
    package var maximumMessageBytes: Int
    package var deadline: Int64

    package init(
        url: AWSEndpointURL, subprotocols: [String], headers: [HeaderField] = [], maximumMessageBytes: Int,
        deadline: Int64
    ) {
        self.url = url
        self.subprotocols = subprotocols
        self.headers = headers
        self.maximumMessageBytes = maximumMessageBytes
        self.deadline = deadline
    }
}
