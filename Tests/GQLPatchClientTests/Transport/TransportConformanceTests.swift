import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport
@testable import HTTPCurl
@testable import HTTPDirect

#if canImport(Glibc)
    import Glibc
#endif

/// One suite, every HTTP client: gqlpatch's own (one request at a time, and the event loop a batch
/// uses) and libcurl's. What a user sees of an exchange (the response, or the exit code and the
/// start of the message) must not depend on which client carried it; a new client joins `Client`.
@Suite struct TransportConformanceTests {
    enum Client: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case own, ownBatch, curl

        var testDescription: String { rawValue }

        /// A client of this kind with its own connections (tests do not share kept connections).
        func make(limit: Int = 1 << 20) -> any HTTPTransport {
            switch self {
            case .own:
                DirectTransport(
                    maximumResponseBytes: limit, certificateAuthorities: nil,
                    pool: DirectConnectionPool(maximumIdleMilliseconds: 3_600_000))
            case .ownBatch:
                DirectBatchTransport(
                    endpoint: "http://127.0.0.1/", maximumResponseBytes: limit, certificateAuthorities: nil)
            case .curl:
                CurlTransport(maximumResponseBytes: limit)
            }
        }
    }

    static func request(_ server: LoopbackServer) -> HTTPRequest {
        HTTPRequest(
            url: "http://127.0.0.1:\(server.port)/graphql",
            headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array("{}".utf8))
    }

    /// The error an exchange with a server answering `reply` ends in (nil when it succeeds).
    static func failure(_ client: Client, limit: Int = 1 << 20, timeout: Double = 10, _ reply: LoopbackServer.Reply)
        async throws -> GQLPatchError?
    {
        let server = try LoopbackServer { _, _ in reply }
        defer { server.stop() }
        do {
            _ = try await client.make(limit: limit).send(request(server), timeout: timeout)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: Client.allCases)
    func aResponseArrivesWhole(client: Client) async throws {
        let body = #"{"data":{"getItem":{"id":"a"}}}"#
        let server = try LoopbackServer { _, _ in
            .send(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Amzn-RequestId: r-1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
        }
        defer { server.stop() }
        let response = try await client.make().send(Self.request(server), timeout: 10)
        #expect(response.status == 200)
        #expect(response.headers["x-amzn-requestid"] == "r-1", "names lower-cased")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.hasPrefix("POST /graphql HTTP/1.1\r\n") == true)
    }

    @Test(arguments: Client.allCases)
    func aChunkedResponseIsJoined(client: Client) async throws {
        let server = try LoopbackServer { _, _ in
            .send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n3\r\n12}\r\n0\r\n\r\n")
        }
        defer { server.stop() }
        let response = try await client.make().send(Self.request(server), timeout: 10)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"a":12}"#)
    }

    /// The last guard before the wire: a header holding CR LF is refused with its origin's code,
    /// never sent (port 9 is never reached), and its value never quoted.
    @Test(
        arguments: Client.allCases,
        [(HeaderOrigin.flag, ExitCode.usage), (.configuration, .configuration), (.server, .badResponse)])
    func aHeaderHoldingALineBreakIsRefused(client: Client, origin: (HeaderOrigin, ExitCode)) async {
        let request = HTTPRequest(
            url: "http://127.0.0.1:9/graphql",
            headers: [HeaderField(name: "X-Token", value: "t\r\nX-Injected: 1", origin: origin.0)])
        do {
            _ = try await client.make().send(request, timeout: 1)
            Issue.record("a header holding CR LF was sent")
        } catch {
            #expect(error.code == origin.1)
            #expect(
                error.message.hasPrefix(
                    "the value of header X-Token \(origin.0.phrase) holds a carriage return (CR) at byte 2"))
            #expect(!error.message.contains("Injected"), "the value is never quoted")
        }
    }

    @Test(arguments: Client.allCases)
    func aControlByteInTheURLIsRefused(client: Client) async {
        do {
            _ = try await client.make().send(HTTPRequest(url: "http://127.0.0.1:9/\r\nX: 1"), timeout: 1)
            Issue.record("sent")
        } catch {
            #expect(error.code == .configuration)
            #expect(error.message.hasPrefix("the URL of a request holds a carriage return"))
        }
    }

    @Test(arguments: Client.allCases)
    func onlyHTTPAndHTTPSAreSpoken(client: Client) async {
        do {
            _ = try await client.make().send(HTTPRequest(url: "ftp://127.0.0.1/x"), timeout: 5)
            Issue.record("ftp is not spoken")
        } catch {
            #expect(error.code == .configuration)
            #expect(
                error.message.hasPrefix("endpoint for ftp://127.0.0.1/x is not a valid http or https URL: "), "\(error)"
            )
        }
    }

    @Test(arguments: Client.allCases)
    func aRefusedConnectionNamesWhereItWent(client: Client) async throws {
        // A socket bound but not listening, held through the test: connections to its port are
        // refused, and no other test's server can be given the port meanwhile.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(holder, $0, length) == 0 && getsockname(holder, $0, &length) == 0
            }
        }
        try #require(bound, "cannot bind a port on 127.0.0.1")
        let port = Int(UInt16(bigEndian: address.sin_port))
        do {
            _ = try await client.make().send(HTTPRequest(url: "http://127.0.0.1:\(port)/graphql"), timeout: 5)
            Issue.record("nothing listens there")
        } catch {
            #expect(error.code == .unavailable)
            #expect(
                error.message
                    == "cannot connect to 127.0.0.1 port \(port): connection refused (endpoint http://127.0.0.1:\(port)/graphql); is the server running, and is that its address?"
            )
            #expect(error.notConnected, "the retry rules read this")
            #expect(!error.requestMayHaveArrived)
        }
    }

    @Test(arguments: Client.allCases)
    func aConnectionClosedWithoutAnAnswerMayHaveBeenApplied(client: Client) async throws {
        let error = try #require(try await Self.failure(client, .close))
        #expect(error.code == .unavailable)
        #expect(error.message == "the connection to 127.0.0.1 closed without a valid HTTP response")
        #expect(error.requestMayHaveArrived)
    }

    @Test(arguments: Client.allCases)
    func anAnswerThatIsNotHTTPIsTheServers(client: Client) async throws {
        let error = try #require(try await Self.failure(client, .sendAndClose("hello there\r\n\r\n")))
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("the response from 127.0.0.1 is not valid HTTP"), "\(error)")
        #expect(error.requestMayHaveArrived)
    }

    @Test(arguments: Client.allCases)
    func aBodyCutShortBrokeOff(client: Client) async throws {
        let error = try #require(
            try await Self.failure(client, .sendAndClose("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"data\":")))
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("the response from 127.0.0.1 broke off or is malformed: "), "\(error)")
        #expect(error.requestMayHaveArrived)
    }

    @Test(arguments: Client.allCases)
    func aBodyPastTheLimitIsRefused(client: Client) async throws {
        let body = String(repeating: "x", count: 5000)
        for announced in [true, false] {
            let head = announced ? "Content-Length: 5000" : "Transfer-Encoding: chunked"
            let framed = announced ? body : "1388\r\n\(body)\r\n0\r\n\r\n"
            let error = try #require(
                try await Self.failure(client, limit: 4096, .send("HTTP/1.1 200 OK\r\n\(head)\r\n\r\n\(framed)")))
            #expect(error.code == .badResponse)
            #expect(error.message == "the response from 127.0.0.1 is larger than 4096 bytes", "\(announced)")
        }
    }

    /// A request may narrow the limit for itself (a Cognito answer is a few kilobytes), never widen it.
    @Test(arguments: Client.allCases)
    func aRequestNarrowsTheLimitForItself(client: Client) async throws {
        let body = String(repeating: "x", count: 3000)
        let server = try LoopbackServer { _, _ in .send("HTTP/1.1 200 OK\r\nContent-Length: 3000\r\n\r\n\(body)") }
        defer { server.stop() }
        for (narrower, transportLimit, refused) in [
            (2048, 1 << 20, true), (1 << 20, 2048, true), (4096, 1 << 20, false),
        ] {
            var request = Self.request(server)
            request.maximumResponseBytes = narrower
            do {
                let response = try await client.make(limit: transportLimit).send(request, timeout: 10)
                #expect(!refused && response.body.count == 3000, "\(narrower) under \(transportLimit)")
            } catch {
                #expect(refused, "\(narrower) under \(transportLimit): \(error)")
                #expect(error.message == "the response from 127.0.0.1 is larger than 2048 bytes")
            }
        }
    }

    @Test(arguments: Client.allCases)
    func aServerThatNeverAnswersTimesOut(client: Client) async throws {
        let error = try #require(try await Self.failure(client, timeout: 0.5, .silence))
        #expect(error.code == .unavailable)
        #expect(error.message == "request to 127.0.0.1 timed out after 0.5 s")
        #expect(error.requestMayHaveArrived)
    }
}
