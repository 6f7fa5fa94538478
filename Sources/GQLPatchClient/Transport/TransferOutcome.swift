/// How one HTTP exchange ended, whichever transport carried it (`CurlTransport`, `DirectTransport`):
/// failures in curl's result codes, which `CurlTransport.failure` words for both.
package enum TransferOutcome: Sendable {
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
