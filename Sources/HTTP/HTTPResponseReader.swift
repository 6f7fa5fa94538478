import GQLPatchSupport

/// Reads one HTTP/1.x response for `DirectTransport`, pulling bytes from `receive` as it needs
/// them (or, for an event loop, as they are handed in with `fill`), and says whether the connection
/// may carry another request. It parses as bytes arrive and drops what it has consumed: a stage
/// says where it stands, so a read that runs out of bytes goes on from there, never from the start.
/// It holds a response to the rules libcurl holds `CurlTransport`'s to, and reports a broken one in
/// the same terms (`TransportFailure`, so both are worded alike): a status line first, headers bounded
/// (100 KB a line, 300 KB in all, libcurl's limits), the body framed by chunked encoding,
/// `Content-Length` or the connection's end, and no longer than `limit` (refused at once when the
/// announced length is larger).
package struct HTTPResponseReader {
    /// What one pull from the connection gave.
    package enum Received: Sendable {
        /// Bytes were appended to the buffer.
        case bytes
        /// The peer closed the connection.
        case closed
        /// The connection failed: what went wrong, the OS error, the reason.
        case failed(TransportFailure.Kind, osErrno: Int, detail: String)
        /// Nothing more yet (an event loop's reader over the bytes so far, see `readAvailable`).
        case pending
    }

    package static let maximumLineBytes = 100 << 10
    package static let maximumHeaderBytes = 300 << 10

    /// Where the reading stands: what the next bytes are.
    private enum Stage {
        case statusLine
        case headers
        /// A body framed by `Content-Length`, with this many bytes still to come.
        case lengthBody(left: Int)
        case chunkSize
        case chunkData(left: Int)
        /// The line end after a chunk's data.
        case chunkEnd
        case trailers
        /// A body that runs to the connection's end.
        case untilClose
        case done(outcome: TransferOutcome, reusable: Bool)
    }

    private let limit: Int
    private let expectsBody: Bool
    /// Appends what has arrived to the buffer (at least one byte), or says why it cannot; nil for
    /// a reader handed its bytes with `fill`.
    private let receive: ((inout [UInt8]) -> Received)?
    /// What a reader handed its bytes is told once they are used up.
    private var end: Received = .pending
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var position = 0
    /// How far past `position` a line end has been looked for in vain (a long line arriving in
    /// pieces is searched once, not again with each piece).
    private var searched = 0
    private var stage = Stage.statusLine
    /// Whether any byte of an answer arrived (from then on the answer is under way).
    package private(set) var answered = false
    /// The last pull answered `.pending`: the response is not whole yet.
    private var incomplete = false
    /// Bytes of every head read so far, interim answers (`103 Early Hints`) included: all of them
    /// together are held to `maximumHeaderBytes`, so endless interim answers end.
    private var headBytes = 0
    /// Bytes of a chunked body's framing (size lines with their extensions, line ends, trailers).
    private var chunkFramingBytes = 0
    /// Trailer bytes so far.
    private var trailerBytes = 0
    /// The answer read so far: its status line's status and minor version, headers and body.
    private var status = 0
    private var minor = 1
    private var headers = HTTPHeaderBlock()
    private var body: [UInt8] = []

    /// Raw bytes held: what arrived and is not yet consumed, and consumed bytes not yet dropped.
    package var heldBytes: Int { buffer.count }

    /// `expectsBody` is false for an answer to `HEAD`.
    package init(limit: Int, expectsBody: Bool = true, receive: @escaping (inout [UInt8]) -> Received) {
        self.limit = limit
        self.expectsBody = expectsBody
        self.receive = receive
    }

    /// A reader handed its bytes with `fill` (an event loop's).
    package init(limit: Int, expectsBody: Bool = true) {
        self.limit = limit
        self.expectsBody = expectsBody
        self.receive = nil
    }

    /// The response, and whether the connection may carry the next request (the answer was framed,
    /// HTTP/1.1 without `Connection: close`, and nothing followed it).
    package mutating func read() -> (outcome: TransferOutcome, reusable: Bool) {
        incomplete = false
        if case .done(let outcome, let reusable) = stage { return (outcome, reusable) }
        let result: (outcome: TransferOutcome, reusable: Bool)
        do throws(Failure) {
            let (response, keepAlive) = try readResponse()
            result = (.response(response), keepAlive && position == buffer.count)
        } catch {
            // Not whole yet: the stage stays where the reading stopped.
            if incomplete { return (error.outcome, false) }
            result = (error.outcome, false)
        }
        stage = .done(outcome: result.outcome, reusable: result.reusable)
        return result
    }

    /// `read`, for the bytes that have arrived so far, then `end`: nil when the response is not
    /// whole yet (`end` is `.pending`); read again with more.
    package mutating func readAvailable(end: Received = .pending) -> (outcome: TransferOutcome, reusable: Bool)? {
        self.end = end
        let result = read()
        return incomplete ? nil : result
    }

    /// Lets `add` append what has arrived (a receive into the buffer, without a copy); the bytes
    /// already consumed are dropped first.
    package mutating func fill<Result, Failure: Error>(
        _ add: (inout [UInt8]) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        compact()
        let before = buffer.count
        defer { if buffer.count > before { answered = true } }
        return try add(&buffer)
    }

    /// A failed read, as the outcome it ends the exchange with.
    private struct Failure: Error {
        var outcome: TransferOutcome
    }

    private var phase: TransportFailure.Stage { answered ? .answering : .sent }

    private func broken(_ kind: TransportFailure.Kind, _ detail: String, osErrno: Int = 0) -> Failure {
        Failure(outcome: .failed(TransportFailure(kind, stage: phase, osErrno: osErrno, detail: detail)))
    }

    /// Drops the bytes read once they are all of the buffer or, in a long body, half of it (so the
    /// buffer stays near one receive's size, not the body's).
    private mutating func compact() {
        if position > 0, position == buffer.count || (position >= 1 << 16 && position * 2 >= buffer.count) {
            buffer.removeFirst(position)
            position = 0
        }
    }

    /// Pulls more bytes; `false` when the peer closed the connection.
    private mutating func more() throws(Failure) -> Bool {
        let received: Received
        if let receive {
            compact()
            received = receive(&buffer)
        } else {
            received = end
        }
        switch received {
        case .bytes:
            answered = true
            return true
        case .closed:
            return false
        case .failed(let kind, let osErrno, let detail):
            throw broken(kind, detail, osErrno: osErrno)
        case .pending:
            incomplete = true
            throw broken(.receiveFailed, "the response is not whole yet")
        }
    }

    /// Goes on from the current stage to the response's end.
    private mutating func readResponse() throws(Failure) -> (HTTPResponse, Bool) {
        while true {
            switch stage {
            case .statusLine:
                try readStatusLine()
            case .headers:
                try readHeader()
            case .lengthBody(let left):
                if left == 0 { return finished(framed: true) }
                if position == buffer.count, !(try more()) {
                    let length = body.count + left
                    throw broken(
                        .receiveFailed,
                        "the connection closed with \(left) of the body's \(length) bytes still to come")
                }
                let take = min(left, buffer.count - position)
                takeBody(take)
                stage = .lengthBody(left: left - take)
            case .untilClose:
                if position == buffer.count, !(try more()) { return finished(framed: false) }
                if body.count + (buffer.count - position) > limit { throw Failure(outcome: .oversized) }
                takeBody(buffer.count - position)
            case .chunkSize:
                try readChunkSize()
            case .chunkData(let left):
                if left == 0 {
                    stage = .chunkEnd
                    continue
                }
                if position == buffer.count, !(try more()) { throw cutChunks }
                let take = min(left, buffer.count - position)
                takeBody(take)
                stage = .chunkData(left: left - take)
            case .chunkEnd:
                guard let end = try line(limit: 2, tooLong: invalidChunks) else { throw cutChunks }
                guard end.isEmpty else { throw invalidChunks }
                try countFraming(2)
                stage = .chunkSize
            case .trailers:
                // Trailer fields, up to the empty line, are read and dropped.
                guard let trailer = try line(limit: Self.maximumLineBytes, tooLong: invalidChunks) else {
                    throw cutChunks
                }
                if trailer.isEmpty {
                    // A length beside chunked encoding is ignored (RFC 9112 6.3), and the
                    // connection is not reused.
                    return finished(framed: headers.fields["content-length"] == nil)
                }
                trailerBytes += trailer.count
                if trailerBytes > Self.maximumHeaderBytes { throw invalidChunks }
                try countFraming(trailer.count + 2)
            case .done:
                throw broken(.receiveFailed, "the response was read already")
            }
        }
    }

    /// The response read, and whether it leaves the connection usable.
    private mutating func finished(framed: Bool) -> (HTTPResponse, Bool) {
        let closes = headers.fields["connection"].map { Self.names("close", in: $0) } ?? false
        return (HTTPResponse(status: status, headers: headers.fields, body: body), framed && minor == 1 && !closes)
    }

    private mutating func takeBody(_ count: Int) {
        buffer.withUnsafeBufferPointer {
            body.append(contentsOf: UnsafeBufferPointer(rebasing: $0[position..<(position + count)]))
        }
        position += count
    }

    /// Whether the comma-separated list `value` holds `token` (ASCII case ignored).
    private static func names(_ token: String, in value: String) -> Bool {
        value.split(separator: ",").contains { String($0).trimmingWhitespace().lowercased() == token }
    }

    /// The next line (without its line end) once it is whole; nil at the connection's end.
    private mutating func line(limit lineLimit: Int, tooLong: Failure) throws(Failure) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[(position + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line that arrived whole at once is held to the limit too.
                if newline - position > lineLimit { throw tooLong }
                var end = newline
                if end > position, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = buffer[position..<end]
                position = newline + 1
                searched = 0
                return line
            }
            searched = buffer.count - position
            if searched > lineLimit { throw tooLong }
            if !(try more()) { return nil }
        }
    }

    private var headersTooLarge: Failure { broken(.headersTooLarge, "its headers are too large") }
    private var invalidChunks: Failure { broken(.receiveFailed, "its chunked encoding is invalid") }
    private var cutChunks: Failure { broken(.receiveFailed, "the connection closed inside the chunked body") }

    /// The status line of an answer (a final one, or an interim one before it).
    private mutating func readStatusLine() throws(Failure) {
        // The first bytes must be a status line (an HTTP/0.9 answer is a body alone).
        while buffer.count - position < 5 {
            if !(try more()) {
                if !answered {
                    throw broken(.closedWithoutAnswer, "the server closed the connection without an answer")
                }
                break
            }
        }
        guard buffer[position...].starts(with: "HTTP/".utf8) else {
            throw broken(.notHTTP, "the answer does not begin with an HTTP/1.x status line")
        }
        guard let statusLine = try line(limit: Self.maximumLineBytes, tooLong: headersTooLarge) else {
            throw broken(.receiveFailed, "the connection closed inside the status line")
        }
        headBytes += statusLine.count + 2
        if headBytes > Self.maximumHeaderBytes { throw headersTooLarge }
        (status, minor) = try Self.parseStatus(statusLine, broken: { broken(.notHTTP, $0) })
        headers = HTTPHeaderBlock()
        stage = .headers
    }

    /// One header line; after the empty one, the stage of the body (or of the next answer, after
    /// an interim one: `100 Continue`, `103 Early Hints`).
    private mutating func readHeader() throws(Failure) {
        guard let field = try line(limit: Self.maximumLineBytes, tooLong: headersTooLarge) else {
            throw broken(.receiveFailed, "the connection closed inside the headers")
        }
        headBytes += field.count + 2
        if headBytes > Self.maximumHeaderBytes { throw headersTooLarge }
        if field.isEmpty {
            if (100..<200).contains(status) {
                if status == 101 { throw broken(.notHTTP, "it switches protocols unasked") }
                stage = .statusLine
                return
            }
            stage = try bodyStage()
            return
        }
        if field.first == UInt8(ascii: " ") || field.first == UInt8(ascii: "\t") {
            throw broken(.notHTTP, "it continues a header on a second line (obsolete folding)")
        }
        let accepted = field.withUnsafeBufferPointer { headers.add($0) }
        if !accepted {
            throw Failure(outcome: .malformed(headers.malformation ?? "its headers are malformed"))
        }
    }

    /// `HTTP/1.1 200 OK` -> (200, 1).
    private static func parseStatus(
        _ line: ArraySlice<UInt8>, broken: (String) -> Failure
    ) throws(Failure) -> (Int, Int) {
        // Indexed from the slice's start, without a copy.
        let base = line.startIndex
        func at(_ offset: Int) -> UInt8 { line[base + offset] }
        guard line.count >= 12, line.starts(with: "HTTP/1.".utf8),
            at(7) == UInt8(ascii: "0") || at(7) == UInt8(ascii: "1"),
            at(8) == UInt8(ascii: " "), line.count == 12 || at(12) == UInt8(ascii: " ")
        else {
            throw broken("its status line is not HTTP/1.0 or HTTP/1.1")
        }
        var status = 0
        for offset in 9..<12 {
            let byte = at(offset)
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw broken("its status line has no three-digit status")
            }
            status = status * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard status >= 100 else { throw broken("its status line has no three-digit status") }
        return (status, Int(at(7) - UInt8(ascii: "0")))
    }

    /// How the body of the final answer is framed, once its headers are read.
    private mutating func bodyStage() throws(Failure) -> Stage {
        if !expectsBody || status == 204 || status == 304 { return .lengthBody(left: 0) }
        if let encoding = headers.fields["transfer-encoding"] {
            let codings = encoding.split(separator: ",").map { String($0).trimmingWhitespace().lowercased() }
            guard codings.last == "chunked", codings.count == 1 else {
                throw broken(.notHTTP, "its Transfer-Encoding \(encoding) is not supported")
            }
            return .chunkSize
        }
        if let text = headers.fields["content-length"] {
            let digits = text.trimmingWhitespace()
            guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let length = Int(digits)
            else {
                throw broken(.notHTTP, "its Content-Length \(text) is not a number")
            }
            if length > limit { throw Failure(outcome: .oversized) }
            body.reserveCapacity(length)
            return .lengthBody(left: length)
        }
        // Neither: the body runs to the connection's end.
        return .untilClose
    }

    /// A chunk's size line; the zero-size chunk starts the trailers.
    private mutating func readChunkSize() throws(Failure) {
        guard let sizeLine = try line(limit: 1 << 10, tooLong: invalidChunks) else { throw cutChunks }
        try countFraming(sizeLine.count + 2)
        var digits = sizeLine.prefix { $0 != UInt8(ascii: ";") }
        while let last = digits.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.count <= 15 else { throw invalidChunks }
        var size = 0
        for byte in digits {
            guard let value = Self.hexValue(byte) else { throw invalidChunks }
            size = size * 16 + value
        }
        if size == 0 {
            stage = .trailers
            return
        }
        if body.count + size > limit { throw Failure(outcome: .oversized) }
        stage = .chunkData(left: size)
    }

    /// Counts a chunked body's framing: at most `maximumHeaderBytes` plus 8 bytes for each byte of
    /// body, so that chunk extensions on tiny chunks (a body of a few KB in megabytes of framing)
    /// end, while ordinary chunking (a few bytes of framing a chunk) never comes near it.
    private mutating func countFraming(_ bytes: Int) throws(Failure) {
        chunkFramingBytes += bytes
        if chunkFramingBytes > Self.maximumHeaderBytes + 8 * body.count {
            throw broken(.receiveFailed, "its chunked encoding carries more framing than body (chunk extensions)")
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
