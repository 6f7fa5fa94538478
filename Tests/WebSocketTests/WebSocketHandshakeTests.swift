import AWSSigning
import Testing
import WebSocket

@Suite struct WebSocketHandshakeTests {
    /// RFC 6455 §1.3 (and the handshake of §1.2): the key "dGhlIHNhbXBsZSBub25jZQ==", the base64 of the
    /// 16 bytes "the sample nonce", is answered with "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=".
    static let sampleNonce = Array("the sample nonce".utf8)
    static let sampleKey = "dGhlIHNhbXBsZSBub25jZQ=="
    static let sampleAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    func handshake(subprotocols: [String] = ["graphql-ws"]) throws -> WebSocketHandshake {
        try WebSocketHandshake(
            host: "server.example.com", target: "/chat", subprotocols: subprotocols, nonce: Self.sampleNonce)
    }

    /// The headers of a good answer to `handshake()`, with `changes` applied (nil removes a header).
    func answer(_ changes: [String: String?] = [:]) -> [(String, String)] {
        var headers: [(String, String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", Self.sampleAccept),
            ("Sec-WebSocket-Protocol", "graphql-ws"),
        ]
        for (name, value) in changes {
            headers.removeAll { $0.0 == name }
            if let value { headers.append((name, value)) }
        }
        return headers
    }

    /// RFC 6455 §1.3's worked example, with the SHA-1 digest it gives on the way.
    @Test func acceptValueOfTheRFCExample() {
        let digest = SHA1.hash(data: Array((Self.sampleKey + WebSocketHandshake.acceptGUID).utf8))
        #expect(digest.hexString == "b37a4f2cc0624f1690f64606cf385945b2bec4ea")
        #expect(WebSocketHandshake.acceptValue(forKey: Self.sampleKey) == Self.sampleAccept)
    }

    @Test func keyIsTheBase64OfTheNonce() throws {
        #expect(try handshake().key == Self.sampleKey)
        let zeros = try WebSocketHandshake(host: "h", target: "/", nonce: [UInt8](repeating: 0, count: 16))
        #expect(zeros.key == "AAAAAAAAAAAAAAAAAAAAAA==")
        let ones = try WebSocketHandshake(host: "h", target: "/", nonce: [UInt8](repeating: 0xFF, count: 16))
        #expect(ones.key == "/////////////////////w==")
    }

    @Test func requestBytes() throws {
        let request = try WebSocketHandshake(
            host: "example.appsync-realtime-api.us-east-1.amazonaws.com:8443", target: "/event/realtime?a=b%20c",
            subprotocols: ["aws-appsync-event-ws", "header-eyJob3N0Ijoi"],
            extraHeaders: [("User-Agent", "gqlpatch"), ("X-Trace", "a\tb")], nonce: Self.sampleNonce)
        let expected =
            "GET /event/realtime?a=b%20c HTTP/1.1\r\n"
            + "Host: example.appsync-realtime-api.us-east-1.amazonaws.com:8443\r\n"
            + "Upgrade: websocket\r\n" + "Connection: Upgrade\r\n" + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n" + "Sec-WebSocket-Protocol: aws-appsync-event-ws, header-eyJob3N0Ijoi\r\n"
            + "User-Agent: gqlpatch\r\n" + "X-Trace: a\tb\r\n" + "\r\n"
        #expect(String(decoding: request.requestBytes, as: UTF8.self) == expected)
        let plain = try handshake(subprotocols: [])
        #expect(!String(decoding: plain.requestBytes, as: UTF8.self).contains("Sec-WebSocket-Protocol"))
    }

    @Test func goodAnswerReturnsTheChosenSubprotocol() throws {
        #expect(try handshake().verify(status: 101, headers: answer()) == "graphql-ws")
        #expect(try handshake().verify(status: 101, headers: answer(["Sec-WebSocket-Protocol": nil])) == nil)
        // Names in any case, values around spaces, Upgrade's value in any case, Connection as a list.
        let loose: [(String, String)] = [
            ("upgrade", " WebSocket "), ("CONNECTION", "keep-alive, upgrade"), ("connection", "close"),
            ("sec-websocket-accept", Self.sampleAccept + " "), ("sec-websocket-protocol", "graphql-ws"),
        ]
        #expect(try handshake().verify(status: 101, headers: loose) == "graphql-ws")
    }

    @Test func wrongStatusIsRefused() {
        for status in [200, 400, 401, 426, 500] {
            #expect(throws: WebSocketProblem.handshakeStatus(status)) {
                try handshake().verify(status: status, headers: answer())
            }
        }
    }

    @Test func missingUpgradeIsRefused() {
        #expect(throws: WebSocketProblem.handshakeMissingUpgrade) {
            try handshake().verify(status: 101, headers: answer(["Upgrade": nil]))
        }
        #expect(throws: WebSocketProblem.handshakeMissingUpgrade) {
            try handshake().verify(status: 101, headers: answer(["Upgrade": "h2c"]))
        }
    }

    @Test func connectionWithoutUpgradeIsRefused() {
        #expect(throws: WebSocketProblem.handshakeMissingConnectionUpgrade) {
            try handshake().verify(status: 101, headers: answer(["Connection": nil]))
        }
        #expect(throws: WebSocketProblem.handshakeMissingConnectionUpgrade) {
            try handshake().verify(status: 101, headers: answer(["Connection": "keep-alive, upgraded"]))
        }
    }

    @Test func badAcceptIsRefused() throws {
        for value in ["", "s3pPLMBiTxaQ9kCqcDLQQu0Qfqo", "S3pPLMBiTxaQ9kCqcDLQQu0Qfqo=", Self.sampleKey] {
            #expect(throws: WebSocketProblem.handshakeBadAccept, "\(value)") {
                try handshake().verify(status: 101, headers: answer(["Sec-WebSocket-Accept": value]))
            }
        }
        #expect(throws: WebSocketProblem.handshakeBadAccept) {
            try handshake().verify(status: 101, headers: answer(["Sec-WebSocket-Accept": nil]))
        }
        #expect(throws: WebSocketProblem.handshakeBadAccept) {
            try handshake().verify(status: 101, headers: answer() + [("Sec-WebSocket-Accept", Self.sampleAccept)])
        }
        // Another nonce, another key: the sample's answer no longer fits.
        let other = try WebSocketHandshake(host: "h", target: "/", nonce: [UInt8](repeating: 7, count: 16))
        #expect(throws: WebSocketProblem.handshakeBadAccept) {
            try other.verify(status: 101, headers: answer(["Sec-WebSocket-Protocol": nil]))
        }
    }

    @Test func unofferedSubprotocolIsRefused() {
        #expect(throws: WebSocketProblem.handshakeSubprotocol("graphql-transport-ws")) {
            try handshake().verify(status: 101, headers: answer(["Sec-WebSocket-Protocol": "graphql-transport-ws"]))
        }
        #expect(throws: WebSocketProblem.handshakeSubprotocol("graphql-ws")) {
            try handshake(subprotocols: []).verify(status: 101, headers: answer())
        }
        #expect(throws: WebSocketProblem.handshakeSubprotocol(nil)) {
            try handshake().verify(status: 101, headers: answer(["Sec-WebSocket-Protocol": "graphql-ws, other"]))
        }
        #expect(throws: WebSocketProblem.handshakeSubprotocol(nil)) {
            try handshake().verify(status: 101, headers: answer() + [("Sec-WebSocket-Protocol", "graphql-ws")])
        }
    }

    @Test func unaskedExtensionIsRefused() {
        #expect(throws: WebSocketProblem.handshakeExtension("permessage-deflate")) {
            try handshake().verify(status: 101, headers: answer(["Sec-WebSocket-Extensions": "permessage-deflate"]))
        }
    }

    @Test func fieldsThatWouldBreakTheRequestAreRefused() {
        let nonce = Self.sampleNonce
        #expect(throws: WebSocketProblem.invalidRequestField("")) {
            try WebSocketHandshake(host: "", target: "/", nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("a b")) {
            try WebSocketHandshake(host: "a b", target: "/", nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("h/x")) {
            try WebSocketHandshake(host: "h/x", target: "/", nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("chat")) {
            try WebSocketHandshake(host: "h", target: "chat", nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("/a\r\nX: y")) {
            try WebSocketHandshake(host: "h", target: "/a\r\nX: y", nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("a,b")) {
            try WebSocketHandshake(host: "h", target: "/", subprotocols: ["a,b"], nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("Authorization")) {
            try WebSocketHandshake(
                host: "h", target: "/", extraHeaders: [("Authorization", "secret\r\nX-Injected: 1")], nonce: nonce)
        }
        #expect(throws: WebSocketProblem.invalidRequestField("X A")) {
            try WebSocketHandshake(host: "h", target: "/", extraHeaders: [("X A", "1")], nonce: nonce)
        }
    }

    @Test func headersTheHandshakeWritesCannotBeAdded() {
        for name in [
            "Host", "upgrade", "Connection", "Sec-WebSocket-Key", "sec-websocket-version", "Sec-WebSocket-Extensions",
        ] {
            #expect(throws: WebSocketProblem.reservedRequestHeader(name)) {
                try WebSocketHandshake(host: "h", target: "/", extraHeaders: [(name, "x")], nonce: Self.sampleNonce)
            }
        }
    }
}
