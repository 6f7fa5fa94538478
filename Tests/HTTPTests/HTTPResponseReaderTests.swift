import Testing

@testable import GQLPatchSupport
@testable import HTTP

/// `DirectTransport`'s response reader, without a network: framing, keep-alive, limits, and every
/// broken answer worded as libcurl's would be (through `TransferOutcome.response`).
@Suite struct HTTPResponseReaderTests {
    /// Reads `bytes` handed over in pieces of `piece` bytes (1: every boundary falls everywhere),
    /// then `end` (the peer's close, or a failure). Read twice: pulled by the reader (a command's
    /// blocking connection) and handed in piece by piece (an event loop's, which reads what has
    /// arrived after each piece and goes on from where it stopped); both must agree.
    private func read(
        _ text: String, piece: Int = 1 << 20, limit: Int = 1 << 20, method: String = "POST",
        end: HTTPResponseReader.Received = .closed, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (outcome: TransferOutcome, reusable: Bool) {
        let bytes = Array(text.utf8)
        var offset = 0
        var reader = HTTPResponseReader(limit: limit, expectsBody: method != "HEAD") { buffer in
            guard offset < bytes.count else { return end }
            let take = min(piece, bytes.count - offset)
            buffer.append(contentsOf: bytes[offset..<(offset + take)])
            offset += take
            return .bytes
        }
        let pulled = reader.read()
        let handed = handIn(bytes, piece: piece, limit: limit, method: method, end: end)
        #expect(
            Self.same(handed.outcome, pulled.outcome) && handed.reusable == pulled.reusable,
            "handed in: \(handed); pulled: \(pulled)", sourceLocation: sourceLocation)
        return pulled
    }

    /// Whether two outcomes are the same (a response's headers compared as a dictionary).
    private static func same(_ one: TransferOutcome, _ other: TransferOutcome) -> Bool {
        if case .response(let first) = one, case .response(let second) = other {
            return first.status == second.status && first.headers == second.headers && first.body == second.body
        }
        return String(describing: one) == String(describing: other)
    }

    /// The event loop's way: each piece appended with `fill`, then whatever is whole read.
    private func handIn(
        _ bytes: [UInt8], piece: Int, limit: Int, method: String, end: HTTPResponseReader.Received
    ) -> (outcome: TransferOutcome, reusable: Bool) {
        var reader = HTTPResponseReader(limit: limit, expectsBody: method != "HEAD")
        var offset = 0
        while offset < bytes.count {
            let take = min(piece, bytes.count - offset)
            reader.fill { $0.append(contentsOf: bytes[offset..<(offset + take)]) }
            offset += take
            if let result = reader.readAvailable() { return result }
        }
        return reader.readAvailable(end: end) ?? (.malformed("still not whole after the end"), false)
    }

    private func response(_ result: (outcome: TransferOutcome, reusable: Bool)) throws -> HTTPResponse {
        try result.outcome.response(url: "http://127.0.0.1:9/graphql", limit: 1 << 20, timeout: 1)
    }

    /// The error the outcome words, with its exit code.
    private func failure(_ result: (outcome: TransferOutcome, reusable: Bool), limit: Int = 1 << 20) -> GQLPatchError? {
        do {
            _ = try result.outcome.response(url: "http://127.0.0.1:9/graphql", limit: limit, timeout: 1)
            return nil
        } catch {
            return error
        }
    }

    /// An event loop's reader parses what arrives as it arrives: the raw bytes it holds stay near
    /// one piece's size however long the answer (chunked or framed by its length), and what it has
    /// consumed is never read again.
    @Test(arguments: [false, true])
    func rawBytesAreNotKeptOnceRead(chunked: Bool) throws {
        let piece = 16 << 10
        var wire = Array((chunked ? "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" : "").utf8)
        let data = Array(repeating: UInt8(ascii: "a"), count: 4 << 20)
        if chunked {
            for start in stride(from: 0, to: data.count, by: 1000) {
                let end = min(start + 1000, data.count)
                wire += Array((String(end - start, radix: 16) + "\r\n").utf8) + data[start..<end] + [13, 10]
            }
            wire += Array("0\r\n\r\n".utf8)
        } else {
            wire = Array("HTTP/1.1 200 OK\r\nContent-Length: \(data.count)\r\n\r\n".utf8) + data
        }
        var reader = HTTPResponseReader(limit: 8 << 20)
        var offset = 0, most = 0
        var result: (outcome: TransferOutcome, reusable: Bool)?
        while result == nil, offset < wire.count {
            let take = min(piece, wire.count - offset)
            reader.fill { $0.append(contentsOf: wire[offset..<(offset + take)]) }
            most = max(most, reader.heldBytes)
            offset += take
            result = reader.readAvailable()
        }
        #expect(most <= 2 * piece, "held \(most) bytes of \(wire.count)")
        let answer = try response(try #require(result))
        #expect(answer.body == data)
    }

    @Test(arguments: [1, 3, 1 << 20])
    func aLengthFramedAnswerKeepsTheConnection(piece: Int) throws {
        let result = read(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nX-A: 1\r\nx-a: 2\r\n\r\n{\"data\":{}}",
            piece: piece)
        let answer = try response(result)
        #expect(answer.status == 200)
        #expect(answer.headers == ["content-type": "application/json", "content-length": "11", "x-a": "1, 2"])
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"data":{}}"#)
        #expect(result.reusable)
    }

    @Test(arguments: [1, 5, 1 << 20])
    func aChunkedAnswerIsJoinedAndItsTrailersDropped(piece: Int) throws {
        let result = read(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{\"da\r\nB \r\nta\":{\"x\":1}\r\n1\r\n}\r\n0\r\nX-Trailer: t\r\n\r\n",
            piece: piece)
        let answer = try response(result)
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"data":{"x":1}}"#)
        #expect(result.reusable)
    }

    @Test func anInterimAnswerIsPassedOver() throws {
        let result = read(
            "HTTP/1.1 100 Continue\r\nX-Interim: 1\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}")
        let answer = try response(result)
        #expect(answer.status == 201)
        #expect(answer.headers["x-interim"] == nil)
    }

    @Test func anAnswerWithoutLengthRunsToTheCloseAndEndsTheConnection() throws {
        let result = read("HTTP/1.1 200 OK\r\n\r\n{\"data\":null}", piece: 4)
        #expect(String(decoding: try response(result).body, as: UTF8.self) == #"{"data":null}"#)
        #expect(!result.reusable)
    }

    @Test(arguments: [
        "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n{}",
        "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 2\r\n\r\n{}",
        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}extra",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    ])
    func theseConnectionsAreNotKept(text: String) throws {
        let result = read(text)
        #expect(try response(result).body == Array("{}".utf8))
        #expect(!result.reusable)
    }

    @Test func noBodyFollowsA204OrAnAnswerToHEAD() throws {
        #expect(try response(read("HTTP/1.1 204 No Content\r\n\r\n")).body.isEmpty)
        let head = read("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n", method: "HEAD")
        #expect(try response(head).body.isEmpty)
        #expect(head.reusable)
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3E8\r\n" + String(repeating: "a", count: 1000)
            + "\r\n3E8\r\n",
        "HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "a", count: 1501),
    ])
    func aBodyPastTheLimitIsRefused(text: String) throws {
        let error = try #require(failure(read(text, piece: 100, limit: 1500), limit: 1500))
        #expect(error.code == .badResponse)
        #expect(error.message == "the response from 127.0.0.1 is larger than 1500 bytes")
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var text: String
        var end: HTTPResponseReader.Received = .closed
        var exit: ExitCode
        var message: String
        var mayHaveArrived = true
        var testDescription: String { message }
    }

    @Test(arguments: [
        Broken(
            text: "", exit: .unavailable, message: "the connection to 127.0.0.1 closed without a valid HTTP response"),
        Broken(
            text: "", end: .failed(.receiveFailed, osErrno: 104, detail: "Connection reset by peer"),
            exit: .unavailable, message: "the connection to 127.0.0.1 was lost before a response arrived"),
        Broken(
            text: "hello, this is not HTTP\n", exit: .badResponse,
            message:
                "the response from 127.0.0.1 is not valid HTTP: the answer does not begin with an HTTP/1.x status line"),
        Broken(
            text: "HTTP/2 200\r\n\r\n", exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: its status line is not HTTP/1.0 or HTTP/1.1"),
        Broken(
            text: "HTTP/1.1 2x0 OK\r\n\r\n", exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: its status line has no three-digit status"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 110_000), exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: its headers are too large"),
        Broken(
            text: "HTTP/1.1 200 OK\r\n"
                + String(repeating: "X-Many: " + String(repeating: "b", count: 1000) + "\r\n", count: 400),
            exit: .badResponse, message: "the response from 127.0.0.1 is not valid HTTP: its headers are too large"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}", exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: it has conflicting Content-Length headers"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{\"data\"", exit: .badResponse,
            message:
                "the response from 127.0.0.1 broke off or is malformed: the connection closed with 993 of the body's 1000 bytes still to come"
        ),
        Broken(
            text: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{\"data\"",
            end: .failed(.receiveFailed, osErrno: 104, detail: "Connection reset by peer"), exit: .badResponse,
            message: "the response from 127.0.0.1 broke off or is malformed: Connection reset by peer"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", exit: .badResponse,
            message: "the response from 127.0.0.1 broke off or is malformed: its chunked encoding is invalid"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n", exit: .badResponse,
            message: "the response from 127.0.0.1 broke off or is malformed: its chunked encoding is invalid"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{}", exit: .badResponse,
            message:
                "the response from 127.0.0.1 broke off or is malformed: the connection closed inside the chunked body"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n{}", exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: its Transfer-Encoding gzip is not supported"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nContent-Length: 2x\r\n\r\n{}", exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: its Content-Length 2x is not a number"),
        Broken(
            text: "HTTP/1.1 200 OK\r\nX-A: 1\r\n  folded\r\n\r\n{}", exit: .badResponse,
            message:
                "the response from 127.0.0.1 is not valid HTTP: it continues a header on a second line (obsolete folding)"
        ),
        Broken(
            text: "HTTP/1.1 200 OK\r\nX-A: 1\r\n", exit: .badResponse,
            message: "the response from 127.0.0.1 broke off or is malformed: the connection closed inside the headers"),
        Broken(
            text: "HTTP/1.1 101 Switching Protocols\r\n\r\n", exit: .badResponse,
            message: "the response from 127.0.0.1 is not valid HTTP: it switches protocols unasked"),
    ])
    func aBrokenAnswerIsWordedAsCurlsWouldBe(item: Broken) throws {
        for piece in [1, 7, 1 << 20] {
            let result = read(item.text, piece: piece, end: item.end)
            let error = try #require(failure(result), "\(piece)")
            #expect(error.code == item.exit, "\(piece)")
            #expect(error.message == item.message, "\(piece)")
            #expect(error.requestMayHaveArrived == item.mayHaveArrived, "\(piece)")
            #expect(!result.reusable)
        }
    }
}
