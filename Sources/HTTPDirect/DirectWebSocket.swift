import CNet
import GQLPatchSupport
import HTTP
import WebSocket

/// A WebSocket over gqlpatch's own connection (TCP, TLS for `wss`): the opening handshake, then
/// masked frames out and checked, bounded messages in. Blocking with deadlines, like the rest of the
/// own client: one task drives it (a `watch` or `wait`), and a receive never waits past its deadline.
package final class DirectWebSocket: WebSocketChannel, @unchecked Sendable {
    // @unchecked: one task owns it; nothing is shared.

    package typealias Received = WebSocketReceived
    package typealias Failure = WebSocketFailure

    private let connection: DirectConnection
    private var reader: WebSocketFrameReader
    private var assembler: WebSocketMessageAssembler
    private let encoder = WebSocketFrameEncoder()
    /// The subprotocol the server chose.
    package let subprotocol: String?

    /// The most the answer to the handshake may hold before its blank line.
    static let maximumHandshakeBytes = 16 << 10

    private init(
        connection: DirectConnection, leftover: [UInt8], subprotocol: String?, maximumMessageBytes: Int
    ) {
        self.connection = connection
        self.reader = WebSocketFrameReader(maximumPayloadBytes: maximumMessageBytes)
        self.assembler = WebSocketMessageAssembler(maximumMessageBytes: maximumMessageBytes)
        self.subprotocol = subprotocol
        reader.feed(leftover)
    }

    /// The current time on the clock deadlines are given in (milliseconds).
    package static var now: Int64 { gqlpatch_net_now_ms() }

    /// Opens `request`'s WebSocket (see `connect(url:...)`).
    package static func connect(_ request: WebSocketRequest, certificateAuthorities: String?, proxy: String?)
        throws(Failure) -> DirectWebSocket
    {
        try connect(
            url: request.url, subprotocols: request.subprotocols, headers: request.headers.map { ($0.name, $0.value) },
            certificateAuthorities: certificateAuthorities, proxy: proxy,
            maximumMessageBytes: request.maximumMessageBytes, deadline: request.deadline)
    }

    /// Opens `url` (`ws://` or `wss://`, its path and query the request target) and does the opening
    /// handshake, offering `subprotocols`, with `headers` beside the handshake's own. Through `proxy`
    /// (its `host[:port]`, as `ProxySelection` gives it) the connection is a tunnel the proxy opens
    /// with `CONNECT`, TLS made inside it for `wss`, as libcurl does for every proxied https request.
    package static func connect(
        url: AWSEndpointURL, subprotocols: [String], headers: [(String, String)], certificateAuthorities: String?,
        proxy: String? = nil, maximumMessageBytes: Int, deadline: Int64
    ) throws(Failure) -> DirectWebSocket {
        let tls = url.scheme == "wss" || url.scheme == "https"
        let port = url.port ?? (tls ? 443 : 80)
        let connection: DirectConnection
        if let proxy {
            connection = try tunnel(
                through: proxy, to: url, port: port, tls: tls, certificateAuthorities: certificateAuthorities,
                deadline: deadline)
        } else {
            do {
                connection = try DirectConnection.open(
                    key: "\(url.scheme)://\(url.hostHeader)", host: url.bareHost, port: port, tls: tls,
                    certificateAuthorities: certificateAuthorities, deadline: deadline)
            } catch {
                throw .transport(error.failure(.notSent))
            }
        }
        var nonce: [UInt8] = []
        var random = SystemRandomNumberGenerator()
        for _ in 0..<16 { nonce.append(UInt8.random(in: 0...255, using: &random)) }
        let target = url.path.isEmpty ? "/" : url.path
        let handshake: WebSocketHandshake
        do {
            handshake = try WebSocketHandshake(
                host: url.hostHeader, target: url.query.isEmpty ? target : target + "?" + url.query,
                subprotocols: subprotocols, extraHeaders: headers, nonce: nonce)
        } catch {
            throw .protocolError(error)
        }
        do {
            try connection.send(handshake.requestBytes, deadline: deadline)
        } catch {
            throw .transport(error.failure(.notSent))
        }
        let (status, fields, leftover) = try readHead(connection, deadline: deadline)
        let chosen: String?
        do {
            chosen = try handshake.verify(status: status, headers: fields)
        } catch {
            throw .protocolError(error)
        }
        return DirectWebSocket(
            connection: connection, leftover: leftover, subprotocol: chosen, maximumMessageBytes: maximumMessageBytes)
    }

    /// A plain connection to `proxy` turned into a tunnel to `url`'s host by `CONNECT`, with TLS
    /// made through it when `tls`.
    private static func tunnel(
        through proxy: String, to url: AWSEndpointURL, port: Int, tls: Bool, certificateAuthorities: String?,
        deadline: Int64
    ) throws(Failure) -> DirectConnection {
        // Parsed as any URL's authority is (IPv6 in brackets); libcurl's default proxy port is 1080.
        guard let address = AWSEndpointURL("http://\(proxy)") else {
            throw .proxy(proxy, TransportFailure(.invalidURL, detail: "not a host[:port]"))
        }
        let connection: DirectConnection
        do {
            connection = try DirectConnection.open(
                key: "proxy \(proxy)", host: address.bareHost, port: address.port ?? 1080, tls: false,
                certificateAuthorities: nil, deadline: deadline)
        } catch {
            throw .proxy(proxy, error.failure(.notSent))
        }
        let host = url.bareHost.contains(":") ? "[\(url.bareHost)]" : url.bareHost
        let request = "CONNECT \(host):\(port) HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n"
        do {
            try connection.send(Array(request.utf8), deadline: deadline)
        } catch {
            throw .transport(error.failure(.notSent))
        }
        let (status, _, leftover) = try readHead(connection, deadline: deadline)
        guard (200..<300).contains(status), leftover.isEmpty else {
            throw .proxy(
                proxy,
                TransportFailure(
                    .couldNotConnect, stage: .notSent, detail: "it answered HTTP \(status) to CONNECT \(host):\(port)"))
        }
        if tls {
            do {
                try connection.startTLS(
                    host: url.bareHost, port: port, certificateAuthorities: certificateAuthorities, deadline: deadline)
            } catch {
                throw .transport(error.failure(.notSent))
            }
        }
        return connection
    }

    /// An HTTP/1.1 answer's status, header fields and the bytes after its head.
    private static func readHead(_ connection: DirectConnection, deadline: Int64) throws(Failure) -> (
        Int, [(String, String)], [UInt8]
    ) {
        var buffer: [UInt8] = []
        var end: Int?
        while end == nil {
            do {
                guard try connection.receive(into: &buffer, deadline: deadline) else {
                    throw Failure.transport(TransportFailure(.receiveFailed, stage: .sent, detail: "closed"))
                }
            } catch let failure as DirectConnection.Failure {
                throw .transport(failure.failure(.sent))
            } catch let failure as Failure {
                throw failure
            } catch {
                throw .badHandshake("\(error)")
            }
            end = Self.headEnd(in: buffer)
            if end == nil, buffer.count > maximumHandshakeBytes {
                throw .badHandshake("the answer's head is over \(maximumHandshakeBytes) bytes")
            }
        }
        let headEnd = end!
        guard let (status, fields) = Self.parseHead(Array(buffer[..<headEnd])) else {
            throw .badHandshake("the answer is not HTTP")
        }
        return (status, fields, Array(buffer[(headEnd + 4)...]))
    }

    /// Where the head's blank line starts, or nil.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// The status and header fields of an HTTP/1.1 answer's head.
    private static func parseHead(_ head: [UInt8]) -> (Int, [(String, String)])? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("HTTP/1."), first.count >= 12,
            let status = Int(first.dropFirst(9).prefix(3))
        else { return nil }
        var fields: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            fields.append(
                (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingWhitespace()))
        }
        return (status, fields)
    }

    /// Sends one text message.
    package func send(text: String, deadline: Int64) throws(WebSocketFailure) {
        try send(WebSocketFrame(opcode: .text, payload: Array(text.utf8)), deadline: deadline)
    }

    private func send(_ frame: WebSocketFrame, deadline: Int64) throws(Failure) {
        let bytes: [UInt8]
        do {
            bytes = try encoder.encode(frame)
        } catch {
            throw .protocolError(error)
        }
        do {
            try connection.send(bytes, deadline: deadline)
        } catch {
            throw .transport(error.failure(.sent))
        }
    }

    /// The next event by `deadline`. A ping is answered with its pong here (and reported).
    package func receive(deadline: Int64) throws(WebSocketFailure) -> WebSocketReceived {
        while true {
            do {
                while let frame = try reader.nextFrame() {
                    guard let event = try assembler.receive(frame) else { continue }
                    if case .ping(let payload) = event {
                        try? send(WebSocketFrame(opcode: .pong, payload: payload), deadline: deadline)
                    }
                    return .event(event)
                }
            } catch {
                if let code = error.closeCode {
                    try? send(code.closeFrame(), deadline: min(deadline, Self.now + 1000))
                }
                throw .protocolError(error)
            }
            var incoming: [UInt8] = []
            do {
                guard try connection.receive(into: &incoming, deadline: deadline) else { return .closed }
            } catch {
                if error.kind == .timedOut { return .timedOut }
                throw .transport(error.failure(.sent))
            }
            reader.feed(incoming)
        }
    }

    /// Sends a close frame (the connection itself closes when the socket is dropped).
    package func close(_ code: WebSocketCloseCode, deadline: Int64) {
        try? send(code.closeFrame(), deadline: deadline)
    }
}
