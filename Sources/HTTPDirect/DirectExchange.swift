import HTTP

/// One request of a batch on `DirectEventLoop`: where it goes, its bytes, and how far it got. Used
/// by the loop's thread only once handed in (the continuation is resumed there, once).
package final class DirectExchange: @unchecked Sendable {
    // @unchecked: after `perform` hands it in, only the loop's thread touches it.

    /// `scheme://host:port`: the connections it may use.
    let key: String
    let host: String
    let port: Int
    let tls: Bool
    let certificateAuthorities: String?
    /// The request as it goes on the wire.
    let bytes: [UInt8]
    /// `gqlpatch_net_now_ms` milliseconds.
    let deadline: Int64
    let limit: Int
    let expectsBody: Bool
    /// `HTTPRequest.resendable`: may go once more on a new connection when a kept one dies first.
    let resendable: Bool
    /// It was sent once more so (the answer says so: the first may have been applied).
    var resent = false

    var continuation: CheckedContinuation<Result<TransferOutcome, DirectExchange.Unavailable>, Never>?
    var connection: DirectConnection?
    /// The connection was kept from an earlier request (a failure before any answer is then the
    /// server having closed it as the request went out).
    var reused = false
    /// Bytes of `bytes` sent so far.
    var sent = 0
    var sending = true
    /// The answer as far as it arrived, parsed as it comes.
    var reader: HTTPResponseReader

    /// libssl could not be loaded: the run cannot speak https at all.
    package struct Unavailable: Error {
        package var detail: String
    }

    init(
        key: String, host: String, port: Int, tls: Bool, certificateAuthorities: String?, bytes: [UInt8],
        deadline: Int64, limit: Int, expectsBody: Bool, resendable: Bool = true
    ) {
        self.resendable = resendable
        self.key = key
        self.host = host
        self.port = port
        self.tls = tls
        self.certificateAuthorities = certificateAuthorities
        self.bytes = bytes
        self.deadline = deadline
        self.limit = limit
        self.expectsBody = expectsBody
        reader = HTTPResponseReader(limit: limit, expectsBody: expectsBody)
    }

    /// Starts over for a new connection: nothing of the first try is kept.
    func restart() {
        connection = nil
        reused = false
        sent = 0
        sending = true
        reader = HTTPResponseReader(limit: limit, expectsBody: expectsBody)
        resent = true
    }

    /// Resumes the waiting task (once).
    func finish(_ result: Result<TransferOutcome, Unavailable>) {
        let continuation = self.continuation
        self.continuation = nil
        continuation?.resume(returning: result)
    }
}
