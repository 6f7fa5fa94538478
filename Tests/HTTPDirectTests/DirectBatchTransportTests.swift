import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchSupport
@testable import HTTPDirect

/// `DirectBatchTransport` against a scripted loopback server: many requests in flight share a few
/// connections, and answers larger than one receive (announced by length or chunked) arrive whole.
@Suite struct DirectBatchTransportTests {
    private func transport(limit: Int = 8 << 20) -> DirectBatchTransport {
        DirectBatchTransport(
            endpoint: "http://127.0.0.1/", maximumResponseBytes: limit, certificateAuthorities: nil)
    }

    private func request(_ server: LoopbackServer) -> HTTPRequest {
        HTTPRequest(
            url: "http://127.0.0.1:\(server.port)/graphql",
            headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array("{}".utf8))
    }

    static func answer(_ body: String) -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func requestsInFlightShareTheirConnections() async throws {
        let server = try LoopbackServer { connection, index in
            .send(Self.answer(#"{"c":\#(connection),"r":\#(index)}"#))
        }
        defer { server.stop() }
        let transport = transport()
        let request = request(server)
        let started = ContinuousClock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var statuses = 0
                    for _ in 0..<25 { statuses += try await transport.send(request, timeout: 10).status == 200 ? 1 : 0 }
                    return statuses
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(statuses == 200)
        #expect(server.requests.count == 200)
        // Unless the run took past the idle limit (a starved full test run): then a connection left
        // idle that long is closed by design and another opened.
        if ContinuousClock.now - started < .milliseconds(DirectConnection.maximumIdleMilliseconds) {
            #expect(server.connections <= 8, "\(server.connections) connections for 8 requests in flight")
        }
    }

    @Test func aLargeAnswerArrivesWhole() async throws {
        let body = #"{"data":""# + String(repeating: "abcdefghij", count: 30_000) + #""}"#
        let server = try LoopbackServer { _, _ in .send(Self.answer(body)) }
        defer { server.stop() }
        let response = try await transport().send(request(server), timeout: 10)
        #expect(response.body == Array(body.utf8))
    }

    @Test func aLargeChunkedAnswerArrivesWhole() async throws {
        let piece = String(repeating: "0123456789abcdef", count: 64)  // 1 KB a chunk
        var text = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<300 { text += "400\r\n" + piece + "\r\n" }
        text += "0\r\n\r\n"
        let wire = text
        let server = try LoopbackServer { _, _ in .send(wire) }
        defer { server.stop() }
        let transport = transport()
        let clock = ContinuousClock()
        let started = clock.now
        var idle = Duration.zero
        for round in 0..<2 {  // the connection is kept: the second answer comes over it
            // At most this long idle: from before the first request to the second. Measured from the
            // first's end it would miss the time this task waited for a thread after the loop had
            // kept the connection (a full test run on two cores: minutes, past the idle limit).
            if round == 1 { idle = clock.now - started }
            let response = try await transport.send(request(server), timeout: 10)
            #expect(response.body == Array(String(repeating: piece, count: 300).utf8))
        }
        // Unless the connection may have idled past the limit: one idle so long is closed by design.
        if idle < .milliseconds(DirectConnection.maximumIdleMilliseconds) {
            #expect(server.connections == 1, "at most \(idle) idle")
        }
    }

    @Test func anAnswerOverTheLimitIsRefused() async throws {
        let body = String(repeating: "x", count: 200_000)
        let server = try LoopbackServer { _, _ in .send(Self.answer(body)) }
        defer { server.stop() }
        do {
            _ = try await transport(limit: 100_000).send(request(server), timeout: 10)
            Issue.record("a 200 KB answer must not pass a 100 KB limit")
        } catch {
            #expect(error.code == .badResponse)
            #expect(error.message.hasPrefix("the response from 127.0.0.1 is larger than 100000 bytes"), "\(error)")
        }
    }
}
