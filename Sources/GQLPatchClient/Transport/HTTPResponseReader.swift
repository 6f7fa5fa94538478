import CCurl
import GQLPatchSupport

/// Reads one HTTP/1.x response for `DirectTransport`, pulling bytes from `receive` as it needs
/// them, and says whether the connection may carry another request. It holds a response to the
/// rules libcurl holds `CurlTransport`'s to, and reports a broken one the same way (curl's result
/// codes, so `CurlTransport.failure` words both alike): a status line first, headers bounded
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
        /// The connection failed: curl's result code for it, the OS error, the reason.
        case failed(code: CURLcode, osErrno: Int, detail: String)
        /// Nothing more yet (an event loop's reader over the bytes so far, see `readAvailable`).
        case pending
    }

    package static let maximumLineBytes = 100 << 10
    package static let maximumHeaderBytes = 300 << 10

    private let limit: Int
    private let expectsBody: Bool
    /// Appends what has arrived to the buffer (at least one byte), or says why it cannot.
    private let receive: (inout [UInt8]) -> Received
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var position = 0
    /// Whether any byte of an answer arrived (from then on the answer is under way).
    private var answered = false
    /// The last pull answered `.pending`: the response is not whole yet.
    private var incomplete = false
    /// Bytes of every head read so far, interim answers (`103 Early Hints`) included: all of them
    /// together are held to `maximumHeaderBytes`, so endless interim answers end.
    private var headBytes = 0
    /// Bytes of a chunked body's framing (size lines with their extensions, line ends, trailers).
    private var chunkFramingBytes = 0

    /// `expectsBody` is false for an answer to `HEAD`.
    package init(limit: Int, expectsBody: Bool = true, receive: @escaping (inout [UInt8]) -> Received) {
        self.limit = limit
        self.expectsBody = expectsBody
        self.receive = receive
    }

    /// The response, and whether the connection may carry the next request (the answer was framed,
    /// HTTP/1.1 without `Connection: close`, and nothing followed it).
    package mutating func read() -> (outcome: TransferOutcome, reusable: Bool) {
        switch readResponse() {
        case .success(let (response, keepAlive)):
            return (.response(response), keepAlive && position == buffer.count)
        case .failure(let failure):
            return (failure.outcome, false)
        }
    }

    /// `read`, for the bytes that have arrived so far: nil when the response is not whole yet (a
    /// pull answered `.pending`); read again with more.
    package mutating func readAvailable() -> (outcome: TransferOutcome, reusable: Bool)? {
        let result = read()
        return incomplete ? nil : result
    }

    /// A failed read, as the outcome it ends the exchange with.
    private struct Failure: Error {
        var outcome: TransferOutcome
    }

    private var stage: CurlTransport.Stage { answered ? .answering : .sent }

    private func broken(_ code: CURLcode, _ detail: String, osErrno: Int = 0) -> Failure {
        Failure(outcome: .failedAfterSending(code: Int(code.rawValue), osErrno: osErrno, detail: detail, stage: stage))
    }

    /// Pulls more bytes; `false` when the peer closed the connection.
    private mutating func more() throws(Failure) -> Bool {
        // The bytes read are dropped once they are all of the buffer or, in a long body, half of it
        // (so the buffer stays near one receive's size, not the body's).
        if position > 0, position == buffer.count || (position >= 1 << 16 && position * 2 >= buffer.count) {
            buffer.removeFirst(position)
            position = 0
        }
        switch receive(&buffer) {
        case .bytes:
            answered = true
            return true
        case .closed:
            return false
        case .failed(let code, let osErrno, let detail):
            throw broken(code, detail, osErrno: osErrno)
        case .pending:
            incomplete = true
            throw broken(CURLE_RECV_ERROR, "the response is not whole yet")
        }
    }

    private mutating func readResponse() -> Result<(HTTPResponse, Bool), Failure> {
        do throws(Failure) {
            while true {
                let (status, minor, headers) = try readHead()
                // An interim answer (100 Continue, 103 Early Hints) comes before the real one.
                if (100..<200).contains(status) {
                    if status == 101 { throw broken(CURLE_WEIRD_SERVER_REPLY, "it switches protocols unasked") }
                    continue
                }
                let (body, framed) = try readBody(status: status, headers: headers)
                let closes = headers.fields["connection"].map { Self.names("close", in: $0) } ?? false
                return .success(
                    (HTTPResponse(status: status, headers: headers.fields, body: body), framed && minor == 1 && !closes)
                )
            }
        } catch {
            return .failure(error)
        }
    }

    /// Whether the comma-separated list `value` holds `token` (ASCII case ignored).
    private static func names(_ token: String, in value: String) -> Bool {
        value.split(separator: ",").contains { String($0).trimmingWhitespace().lowercased() == token }
    }

    /// The next line (without its line end) once it is whole; nil at the connection's end.
    private mutating func line(limit lineLimit: Int, tooLong: Failure) throws(Failure) -> ArraySlice<UInt8>? {
        var searched = position
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line that arrived whole at once is held to the limit too.
                if newline - position > lineLimit { throw tooLong }
                var end = newline
                if end > position, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = buffer[position..<end]
                position = newline + 1
                return line
            }
            searched = buffer.count
            if buffer.count - position > lineLimit { throw tooLong }
            let start = position
            if !(try more()) { return nil }
            searched -= start - position  // `more` may have moved the unread bytes to the front
        }
    }

    private var headersTooLarge: Failure { broken(CURLE_OUT_OF_MEMORY, "its headers are too large") }
    private var invalidChunks: Failure { broken(CURLE_RECV_ERROR, "its chunked encoding is invalid") }
    private var cutChunks: Failure { broken(CURLE_PARTIAL_FILE, "the connection closed inside the chunked body") }

    /// The status line and header block of one answer.
    private mutating func readHead() throws(Failure) -> (Int, Int, HTTPHeaderBlock) {
        // The first bytes must be a status line (an HTTP/0.9 answer is a body alone).
        while buffer.count - position < 5 {
            if !(try more()) {
                if !answered {
                    throw broken(CURLE_GOT_NOTHING, "the server closed the connection without an answer")
                }
                break
            }
        }
        guard buffer[position...].starts(with: "HTTP/".utf8) else {
            throw broken(CURLE_WEIRD_SERVER_REPLY, "the answer does not begin with an HTTP/1.x status line")
        }
        guard let statusLine = try line(limit: Self.maximumLineBytes, tooLong: headersTooLarge) else {
            throw broken(CURLE_PARTIAL_FILE, "the connection closed inside the status line")
        }
        headBytes += statusLine.count + 2
        if headBytes > Self.maximumHeaderBytes { throw headersTooLarge }
        let (status, minor) = try Self.parseStatus(statusLine, broken: { broken(CURLE_WEIRD_SERVER_REPLY, $0) })
        var headers = HTTPHeaderBlock()
        while true {
            guard let field = try line(limit: Self.maximumLineBytes, tooLong: headersTooLarge) else {
                throw broken(CURLE_PARTIAL_FILE, "the connection closed inside the headers")
            }
            headBytes += field.count + 2
            if headBytes > Self.maximumHeaderBytes { throw headersTooLarge }
            if field.isEmpty { return (status, minor, headers) }
            if field.first == UInt8(ascii: " ") || field.first == UInt8(ascii: "\t") {
                throw broken(CURLE_WEIRD_SERVER_REPLY, "it continues a header on a second line (obsolete folding)")
            }
            let accepted = field.withUnsafeBufferPointer { headers.add($0) }
            if !accepted {
                throw Failure(outcome: .malformed(headers.malformation ?? "its headers are malformed"))
            }
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

    /// The body, and whether its end was framed (so the connection can go on).
    private mutating func readBody(status: Int, headers: HTTPHeaderBlock) throws(Failure) -> ([UInt8], Bool) {
        if !expectsBody || status == 204 || status == 304 { return ([], true) }
        if let encoding = headers.fields["transfer-encoding"] {
            let codings = encoding.split(separator: ",").map { String($0).trimmingWhitespace().lowercased() }
            guard codings.last == "chunked", codings.count == 1 else {
                throw broken(CURLE_WEIRD_SERVER_REPLY, "its Transfer-Encoding \(encoding) is not supported")
            }
            // A length beside chunked encoding is ignored (RFC 9112 6.3), and the connection is not reused.
            return (try readChunked(), headers.fields["content-length"] == nil)
        }
        if let text = headers.fields["content-length"] {
            let digits = text.trimmingWhitespace()
            guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let length = Int(digits)
            else {
                throw broken(CURLE_WEIRD_SERVER_REPLY, "its Content-Length \(text) is not a number")
            }
            if length > limit { throw Failure(outcome: .oversized) }
            var body: [UInt8] = []
            body.reserveCapacity(length)
            while body.count < length {
                if position == buffer.count, !(try more()) {
                    throw broken(
                        CURLE_PARTIAL_FILE,
                        "the connection closed with \(length - body.count) of the body's \(length) bytes still to come")
                }
                let take = min(length - body.count, buffer.count - position)
                Self.append(buffer, position..<(position + take), to: &body)
                position += take
            }
            return (body, true)
        }
        // Neither: the body runs to the connection's end.
        var body: [UInt8] = []
        while true {
            if position == buffer.count, !(try more()) { return (body, false) }
            if body.count + (buffer.count - position) > limit { throw Failure(outcome: .oversized) }
            Self.append(buffer, position..<buffer.count, to: &body)
            position = buffer.count
        }
    }

    private mutating func readChunked() throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            guard let sizeLine = try line(limit: 1 << 10, tooLong: invalidChunks) else { throw cutChunks }
            try countFraming(sizeLine.count + 2, body: body.count)
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
                // Trailer fields, up to the empty line, are read and dropped.
                var trailerBytes = 0
                while true {
                    guard let trailer = try line(limit: Self.maximumLineBytes, tooLong: invalidChunks) else {
                        throw cutChunks
                    }
                    if trailer.isEmpty { return body }
                    trailerBytes += trailer.count
                    if trailerBytes > Self.maximumHeaderBytes { throw invalidChunks }
                    try countFraming(trailer.count + 2, body: body.count)
                }
            }
            if body.count + size > limit { throw Failure(outcome: .oversized) }
            var left = size
            while left > 0 {
                if position == buffer.count, !(try more()) { throw cutChunks }
                let take = min(left, buffer.count - position)
                Self.append(buffer, position..<(position + take), to: &body)
                position += take
                left -= take
            }
            guard let end = try line(limit: 2, tooLong: invalidChunks) else { throw cutChunks }
            guard end.isEmpty else { throw invalidChunks }
            try countFraming(2, body: body.count)
        }
    }

    /// Counts a chunked body's framing: at most `maximumHeaderBytes` plus 8 bytes for each byte of
    /// body, so that chunk extensions on tiny chunks (a body of a few KB in megabytes of framing)
    /// end, while ordinary chunking (a few bytes of framing a chunk) never comes near it.
    private mutating func countFraming(_ bytes: Int, body: Int) throws(Failure) {
        chunkFramingBytes += bytes
        if chunkFramingBytes > Self.maximumHeaderBytes + 8 * body {
            throw broken(CURLE_RECV_ERROR, "its chunked encoding carries more framing than body (chunk extensions)")
        }
    }

    /// Appends a part of the buffer in one copy.
    private static func append(_ buffer: [UInt8], _ range: Range<Int>, to body: inout [UInt8]) {
        buffer.withUnsafeBufferPointer { body.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
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
