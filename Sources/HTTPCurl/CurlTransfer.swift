import CCurl
import HTTP

/// One request on its way through `CurlEventLoop`: the curl easy handle that carries it, the
/// response as it streams in, and the continuation that waits for it. Created on the caller's
/// thread; once handed to the loop, touched only by the loop's thread (curl calls the callbacks
/// there), so it needs no lock.
package final class CurlTransfer: @unchecked Sendable {
    // @unchecked: see above; ownership passes from the caller to the loop thread exactly once,
    // through the loop's mutex.

    package let handle: UnsafeMutableRawPointer
    package let limit: Int
    package private(set) var body: [UInt8] = []
    package var headers: [String: String] { headerBlock.fields }
    private var headerBlock = HTTPHeaderBlock()
    package private(set) var oversized = false
    package var continuation: CheckedContinuation<TransferOutcome, Never>?
    /// Whether curl has started sending the request (on a new or a kept-alive connection).
    private var requestStarted = false
    /// Whether a status line has come back (a response started to arrive).
    private var statusSeen = false
    /// Why the response was refused while its headers came in (see `receiveHeader`).
    package var malformation: String? { headerBlock.malformation }
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
    /// transfer (see `HTTPHeaderBlock.add`). A new status line starts a new header block: the
    /// headers of an interim `100 Continue` are dropped.
    package func receiveHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if line.starts(with: "HTTP/".utf8) {
            headerBlock = HTTPHeaderBlock()
            statusSeen = true
            return true
        }
        return headerBlock.add(line)
    }

    /// What the transfer came to, given curl's result code for it.
    package func outcome(result: CURLcode) -> TransferOutcome {
        if oversized || result == CURLE_FILESIZE_EXCEEDED { return .oversized }
        if let malformation { return .malformed(malformation) }
        if resendRefused {
            return .failed(TransportFailure(.sendFailed, stage: .sent, detail: "the connection died before an answer"))
        }
        guard result == CURLE_OK else {
            var osErrno = 0
            gqlpatch_curl_get_long(handle, CURLINFO_OS_ERRNO, &osErrno)
            var detail = String(cString: errorBuffer)
            if detail.isEmpty { detail = String(cString: gqlpatch_curl_easy_strerror(result)) }
            let stage: TransportFailure.Stage = !requestStarted ? .notSent : statusSeen ? .answering : .sent
            return .failed(TransportFailure(curlCode: result, osErrno: osErrno, detail: detail, stage: stage))
        }
        var status = 0
        gqlpatch_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .response(HTTPResponse(status: status, headers: headers, body: body))
    }
}
