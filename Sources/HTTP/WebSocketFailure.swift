import WebSocket

/// Why a WebSocket failed: the connection's failure, the proxy's, or the protocol's.
package enum WebSocketFailure: Error, Sendable {
    case transport(TransportFailure)
    /// The proxy (`host[:port]`) could not be reached, or would not open the tunnel.
    case proxy(String, TransportFailure)
    case protocolError(WebSocketProblem)
    /// The handshake's answer could not be read (too long, not HTTP).
    case badHandshake(String)
}
