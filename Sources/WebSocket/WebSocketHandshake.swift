import AWSSigning

/// The opening handshake of a client: the HTTP/1.1 upgrade request, and the check of the server's
/// answer. The bytes go out and the answer's status and headers come in through the caller's HTTP
/// reading; nothing here touches a connection.
package struct WebSocketHandshake: Sendable {
    /// The Host header's value: the host, with its port when it is not the scheme's default.
    package let host: String
    /// The request target: the path and the query, already percent-encoded.
    package let target: String
    /// The subprotocols offered, in order of preference; the server may pick one.
    package let subprotocols: [String]
    /// Further headers sent as given (authorization, user agent...), after the handshake's own.
    package let extraHeaders: [(String, String)]
    /// The Sec-WebSocket-Key sent: the base64 of the 16 random bytes given.
    package let key: String

    /// The constant the server appends to the key before hashing, so that only a server that read the
    /// request as a WebSocket handshake can give the right answer.
    package static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A handshake for `target` on `host`. `nonce` is 16 random bytes, fresh for every connection.
    /// Refuses a field that would not be one line of a request (line breaks, control characters, spaces
    /// where none may be), and extra headers that the handshake writes itself.
    package init(
        host: String, target: String, subprotocols: [String] = [], extraHeaders: [(String, String)] = [],
        nonce: [UInt8]
    ) throws(WebSocketProblem) {
        precondition(nonce.count == 16, "a WebSocket key is made of 16 random bytes")
        guard !host.isEmpty, host.utf8.allSatisfy(Self.isVisible), !host.contains("/") else {
            throw .invalidRequestField(host)
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy(Self.isVisible) else { throw .invalidRequestField(target) }
        for subprotocol in subprotocols where !Self.isToken(subprotocol) {
            throw .invalidRequestField(subprotocol)
        }
        for (name, value) in extraHeaders {
            guard Self.isToken(name) else { throw .invalidRequestField(name) }
            guard value.utf8.allSatisfy(Self.isFieldValueByte) else { throw .invalidRequestField(name) }
            let lowered = name.lowercased()
            guard !Self.handshakeHeaders.contains(lowered), !lowered.hasPrefix("sec-websocket-") else {
                throw .reservedRequestHeader(name)
            }
        }
        self.host = host
        self.target = target
        self.subprotocols = subprotocols
        self.extraHeaders = extraHeaders
        self.key = Base64.encode(nonce)
    }

    /// The request to write on the connection, up to and including the empty line that ends it.
    package var requestBytes: [UInt8] {
        var lines = [
            "GET \(target) HTTP/1.1",
            "Host: \(host)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
        ]
        if !subprotocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))") }
        for (name, value) in extraHeaders { lines.append("\(name): \(value)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The Sec-WebSocket-Accept value a server must answer `key` with: the base64 of the SHA-1 of the
    /// key followed by `acceptGUID`.
    package static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1.hash(data: Array((key + acceptGUID).utf8)).bytes)
    }

    /// Checks the server's answer (status and headers, names in any case) and returns the subprotocol
    /// it chose, nil when none. The connection may carry frames only when this returns.
    package func verify(status: Int, headers: [(String, String)]) throws(WebSocketProblem) -> String? {
        guard status == 101 else { throw .handshakeStatus(status) }
        func values(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name }.map { Self.trimmed($0.1) }
        }
        guard values("upgrade").contains(where: { $0.lowercased() == "websocket" }) else {
            throw .handshakeMissingUpgrade
        }
        let connectionTokens = values("connection").flatMap { $0.split(separator: ",") }.map {
            Self.trimmed(String($0)).lowercased()
        }
        guard connectionTokens.contains("upgrade") else { throw .handshakeMissingConnectionUpgrade }
        let accept = values("sec-websocket-accept")
        guard accept.count == 1, accept[0] == Self.acceptValue(forKey: key) else { throw .handshakeBadAccept }
        if let extensions = values("sec-websocket-extensions").first(where: { !$0.isEmpty }) {
            throw .handshakeExtension(extensions)
        }
        let chosen = values("sec-websocket-protocol")
        guard let subprotocol = chosen.first else { return nil }
        guard chosen.count == 1, !subprotocol.isEmpty, !subprotocol.contains(",") else {
            throw .handshakeSubprotocol(nil)
        }
        guard subprotocols.contains(subprotocol) else { throw .handshakeSubprotocol(subprotocol) }
        return subprotocol
    }

    /// The headers the handshake writes itself, lower-cased (any Sec-WebSocket-* is refused as well).
    private static let handshakeHeaders: Set<String> = ["host", "upgrade", "connection"]

    /// A printable ASCII byte other than space.
    private static func isVisible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// A byte a header value may hold: anything but control characters (tab aside) and DEL.
    private static func isFieldValueByte(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }

    /// An HTTP token (RFC 9110 §5.6.2): header names and subprotocol names are made of these characters.
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                isVisible(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
            }
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
