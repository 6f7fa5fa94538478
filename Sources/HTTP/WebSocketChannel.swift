import WebSocket

/// An open WebSocket, as the real-time client uses it: text messages out, events in, each wait
/// bounded by its deadline (`MonotonicClock` milliseconds). A run's are opened by its
/// `TransportMaker`, which chooses the proxy and the certificate authorities as for every
/// request; a test's maker hands out a fake.
package protocol WebSocketChannel: AnyObject, Sendable {
    /// The subprotocol the server chose.
    var subprotocol: String? { get }
    /// Sends one text message.
    func send(text: String, deadline: Int64) throws(WebSocketFailure)
    /// The next event by `deadline`.
    func receive(deadline: Int64) throws(WebSocketFailure) -> WebSocketReceived
    /// Says goodbye with a close frame; the connection closes when the channel is dropped.
    func close(_ code: WebSocketCloseCode, deadline: Int64)
}
