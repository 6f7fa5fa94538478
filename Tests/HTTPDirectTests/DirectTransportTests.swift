import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchSupport
@testable import HTTPDirect

#if canImport(Glibc)
    import Glibc
#endif

/// `DirectTransport` against a scripted loopback server: what goes on the wire, connections kept
/// and not kept, and a kept connection that dies is never sent the request a second time. What
/// every client must do alike (refusals, broken answers, limits) is `TransportConformanceTests`.
@Suite struct DirectTransportTests {
    static let ok = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"data\":{}}"

    /// A transport with a pool of its own, so tests do not share connections. Its connections may
    /// idle an hour: a full test run on two cores can leave a test waiting past the real limit
    /// between two requests (the limit has a test of its own, below).
    private func transport() -> DirectTransport {
        DirectTransport(
            maximumResponseBytes: 1 << 20, certificateAuthorities: nil,
            pool: DirectConnectionPool(maximumIdleMilliseconds: 3_600_000))
    }

    private func request(_ server: LoopbackServer, body: String = #"{"query":"{ x }"}"#) -> HTTPRequest {
        HTTPRequest(
            url: "http://127.0.0.1:\(server.port)/graphql?a=1",
            headers: [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "x-api-key", value: "da2-direct"),
            ], body: Array(body.utf8))
    }

    @Test func theRequestGoesOutAsCurlWouldSendIt() throws {
        let url = try #require(AWSEndpointURL("https://api.example.com:8443/graphql?x=1"))
        let request = HTTPRequest(
            url: url.url(withPath: "/graphql?x=1"),
            headers: [
                HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-Empty", value: ""),
            ],
            body: Array("{}".utf8))
        #expect(
            String(decoding: DirectTransport.wireBytes(of: request, url: url), as: UTF8.self)
                == "POST /graphql?x=1 HTTP/1.1\r\nHost: api.example.com:8443\r\nAccept: */*\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        )
        let signed = HTTPRequest(
            url: "http://169.254.169.254/latest/api/token", method: "PUT",
            headers: [HeaderField(name: "Host", value: "169.254.169.254"), HeaderField(name: "Accept", value: "")])
        let plain = try #require(AWSEndpointURL(signed.url))
        #expect(
            String(decoding: DirectTransport.wireBytes(of: signed, url: plain), as: UTF8.self)
                == "PUT /latest/api/token HTTP/1.1\r\nHost: 169.254.169.254\r\n\r\n")
    }

    @Test func aRunsRequestsShareOneConnection() async throws {
        let server = try LoopbackServer { _, _ in .send(Self.ok) }
        defer { server.stop() }
        let transport = transport()
        for _ in 0..<3 {
            let response = try await transport.send(request(server), timeout: 5)
            #expect(response.status == 200)
            #expect(response.body == Array(#"{"data":{}}"#.utf8))
        }
        #expect(server.connections == 1)
        #expect(server.requests.count == 3)
        #expect(
            server.requests.first?.hasPrefix("POST /graphql?a=1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n") == true
        )
        #expect(server.requests.first?.hasSuffix("\r\nContent-Length: 17\r\n\r\n{\"query\":\"{ x }\"}") == true)
    }

    @Test func aConnectionTheServerClosesIsNotUsedAgain() async throws {
        let server = try LoopbackServer { _, _ in
            .sendAndClose("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}")
        }
        defer { server.stop() }
        let transport = transport()
        for _ in 0..<2 { _ = try await transport.send(request(server), timeout: 5) }
        #expect(server.connections == 2)
    }

    /// The second request goes out on the kept connection and the server closes it without an
    /// answer (the keep-alive race): a request that may be sent again is, once, on a new connection,
    /// and its answer says so (issue 33 #2).
    @Test func aKeptConnectionThatDiesIsSentTheRequestOnceMore() async throws {
        let server = try LoopbackServer { connection, index in connection == 0 && index == 1 ? .close : .send(Self.ok) }
        defer { server.stop() }
        let transport = transport()
        let first = try await transport.send(request(server), timeout: 5)
        #expect(!first.resent)
        let second = try await transport.send(request(server, body: #"{"query":"{ y }"}"#), timeout: 5)
        #expect(second.status == 200)
        #expect(second.resent, "the answer says the request went twice")
        #expect(server.requests.count == 3)
        #expect(server.connections == 2)
    }

    /// A request that may not be sent twice (a hand-written mutation): the transport reports the
    /// loss (the server may have acted) and does not resend.
    @Test func aKeptConnectionThatDiesIsNotSentAMutationAgain() async throws {
        let server = try LoopbackServer { _, index in index == 0 ? .send(Self.ok) : .close }
        defer { server.stop() }
        let transport = transport()
        _ = try await transport.send(request(server), timeout: 5)
        do {
            var mutation = request(server, body: #"{"query":"mutation { y }"}"#)
            mutation.resendable = false
            _ = try await transport.send(mutation, timeout: 5)
            Issue.record("the lost answer must be an error")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message == "the connection to 127.0.0.1 was lost before a response arrived")
            #expect(error.requestMayHaveArrived)
        }
        #expect(server.requests.count == 2, "sent once, not resent")
        #expect(server.connections == 1)
    }

    /// A kept connection idle past the server's `Keep-Alive: timeout=` (less a second) is not used
    /// again, nor one idle past gqlpatch's own limit.
    @Test func aConnectionIdlePastItsKeepAliveTimeoutIsNotReused() async throws {
        let answer = "HTTP/1.1 200 OK\r\nKeep-Alive: timeout=1, max=100\r\nContent-Length: 2\r\n\r\n{}"
        let server = try LoopbackServer { _, _ in .send(answer) }
        defer { server.stop() }
        let transport = transport()
        _ = try await transport.send(request(server), timeout: 5)
        _ = try await transport.send(request(server), timeout: 5)
        #expect(server.connections == 2, "timeout=1 leaves no idle time at all")
        #expect(DirectConnection.timeout(inKeepAlive: "timeout=5, max=100") == 5)
        #expect(DirectConnection.timeout(inKeepAlive: "max=100") == nil)
        #expect(DirectConnection.maximumIdleMilliseconds < 60_000)
    }
}
