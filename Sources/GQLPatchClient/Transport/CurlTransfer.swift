import CCurl

/// One request on its way through `CurlEventLoop`: the curl easy handle that carries it, the
/// response as it streams in, and the continuation that waits for it. Created on the caller's
/// thread; once handed to the loop, touched only by the loop's thread (curl calls the callbacks
/// there), so it needs no lock.
package final class CurlTransfer: @unchecked Sendable {
    // @unchecked: see above; ownership passes from the caller to the loop thread exactly once,
    // through the loop's mutex.

    /// How a transfer ended.
    package enum Outcome: Sendable {
        /// A complete HTTP response.
        case response(HTTPResponse)
        /// curl's result code, the OS error behind it (0 when none), and curl's message.
        case failure(code: Int, osErrno: Int, detail: String)
        /// curl's result code and message after the request went out (`stage` says how far the
        /// answer got): the server may have acted on it.
        case failedAfterSending(code: Int, osErrno: Int, detail: String, stage: CurlTransport.Stage)
        /// The response broke HTTP's rules in a way curl lets through (`Content-Length` twice, differing).
        case malformed(String)
        /// The body passed the transport's limit (or its announced length did): the transfer was stopped.
        case oversized
    }

    package let handle: UnsafeMutableRawPointer
    package let limit: Int
    package private(set) var body: [UInt8] = []
    package private(set) var headers: [String: String] = [:]
    package private(set) var oversized = false
    package var continuation: CheckedContinuation<Outcome, Never>?
    /// Whether curl has started sending the request (on a new or a kept-alive connection).
    private var requestStarted = false
    /// Whether a status line has come back (a response started to arrive).
    private var statusSeen = false
    /// Why the response was refused while its headers came in (see `receiveHeader`).
    package private(set) var malformation: String?
    /// Whether curl wanted to send the request a second time and was stopped.
    package private(set) var resendRefused = false
    /// The request headers as curl holds them; freed when the transfer ends.
    package var headerList: UnsafeMutablePointer<curl_slist>?
    /// Where curl writes the text of a failure.
    package let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    package init(handle: UnsafeMutableRawPointer, limit: Int) {
        self.handle = handle
        self.limit = limit
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        if let headerList { gqlpatch_curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// Called by curl each time it is about to send the request; `false` stops the transfer.
    ///
    /// The second call means curl is resending by itself: it does so when a kept-alive connection dies
    /// before any answer, even for a POST the server may already have acted on. gqlpatch refuses:
    /// whether to send again is the retry policy's decision (which knows the write may have happened),
    /// not curl's.
    package func mayStartRequest() -> Bool {
        if requestStarted {
            resendRefused = true
            return false
        }
        requestStarted = true
        return true
    }

    /// Appends response bytes; `false` (stop the transfer) once the body would pass the limit.
    package func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if body.count + bytes.count > limit {
            oversized = true
            body = []
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one header line as curl hands it over (status lines included); `false` stops the
    /// transfer. A new status line starts a new header block: the headers of an interim
    /// `100 Continue` are dropped. Two `Content-Length`s that differ are refused (RFC 9112 6.3: the
    /// body's end cannot be told, the classic request-smuggling shape); equal ones are one.
    package func receiveHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if line.starts(with: "HTTP/".utf8) {
            headers = [:]
            statusSeen = true
            return true
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }
        // Names fold as ASCII, byte by byte: every header of every response passes here, and
        // `String.lowercased()` is Unicode-aware and far slower.
        let name = String(
            unsafeUninitializedCapacity: colon,
            initializingUTF8With: { buffer in
                for index in 0..<colon {
                    let byte = line[index]
                    buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                return colon
            })
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start,
            line[end - 1] == UInt8(ascii: "\r") || line[end - 1] == UInt8(ascii: "\n")
                || line[end - 1] == UInt8(ascii: " ")
        {
            end -= 1
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        if name == "content-length" {
            if headers[name] == nil, !value.utf8.contains(UInt8(ascii: ",")) {
                headers[name] = value
                return true
            }
            let given = [headers[name], value].compactMap { $0 }
            let lengths = Set(given.flatMap { $0.split(separator: ",") }.map { String($0).trimmingWhitespace() })
            guard lengths.count == 1 else {
                malformation = "it has conflicting Content-Length headers"
                return false
            }
            headers[name] = lengths.first!
            return true
        }
        if let earlier = headers[name] {
            headers[name] = earlier + ", " + value
        } else {
            headers[name] = value
        }
        return true
    }

    /// What the transfer came to, given curl's result code for it.
    package func outcome(result: CURLcode) -> Outcome {
        if oversized || result == CURLE_FILESIZE_EXCEEDED { return .oversized }
        if let malformation { return .malformed(malformation) }
        if resendRefused {
            return .failedAfterSending(
                code: Int(CURLE_SEND_ERROR.rawValue), osErrno: 0, detail: "the connection died before an answer",
                stage: .sent)
        }
        guard result == CURLE_OK else {
            var osErrno = 0
            gqlpatch_curl_get_long(handle, CURLINFO_OS_ERRNO, &osErrno)
            var detail = String(cString: errorBuffer)
            if detail.isEmpty { detail = String(cString: gqlpatch_curl_easy_strerror(result)) }
            guard requestStarted else { return .failure(code: Int(result.rawValue), osErrno: osErrno, detail: detail) }
            return .failedAfterSending(
                code: Int(result.rawValue), osErrno: osErrno, detail: detail, stage: statusSeen ? .answering : .sent)
        }
        var status = 0
        gqlpatch_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .response(HTTPResponse(status: status, headers: headers, body: body))
    }
}
