import CCurl
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchSupport
@testable import HTTPCurl

/// One transfer's bookkeeping, without a network: headers as curl hands them over, the body limit,
/// and the refusal of curl's own resend.
@Suite struct CurlTransferTests {
    private func transfer(limit: Int = 1 << 20) throws -> CurlTransfer {
        try #require(gqlpatch_curl_load() == nil, "libcurl must load")
        return CurlTransfer(handle: try #require(gqlpatch_curl_easy_init()), limit: limit)
    }

    private func header(_ transfer: CurlTransfer, _ line: String) {
        _ = Array(line.utf8).withUnsafeBufferPointer { transfer.receiveHeader($0) }
    }

    private func body(_ transfer: CurlTransfer, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { transfer.receive($0) }
    }

    @Test func headersAreLowerCasedTrimmedAndJoined() throws {
        let transfer = try transfer()
        header(transfer, "HTTP/1.1 200 OK\r\n")
        header(transfer, "Content-Type:  application/json \r\n")
        header(transfer, "X-Amzn-RequestId: abc\r\n")
        header(transfer, "Set-Thing: a\r\n")
        header(transfer, "set-thing: b\r\n")
        header(transfer, "\r\n")
        #expect(
            transfer.headers == ["content-type": "application/json", "x-amzn-requestid": "abc", "set-thing": "a, b"])
    }

    @Test func aNewStatusLineStartsAFreshHeaderBlock() throws {
        let transfer = try transfer()
        header(transfer, "HTTP/1.1 100 Continue\r\n")
        header(transfer, "X-Interim: yes\r\n")
        header(transfer, "\r\n")
        header(transfer, "HTTP/1.1 200 OK\r\n")
        header(transfer, "Content-Length: 2\r\n")
        #expect(transfer.headers == ["content-length": "2"])
    }

    @Test func theBodyStopsAtTheLimit() throws {
        let transfer = try transfer(limit: 10)
        #expect(body(transfer, "12345"))
        #expect(body(transfer, "67890"))
        #expect(transfer.body.count == 10)
        #expect(!body(transfer, "x"), "one byte past the limit stops the transfer")
        #expect(transfer.oversized)
        #expect(transfer.body.isEmpty, "nothing of an oversized body is kept")
        guard case .oversized = transfer.outcome(result: CURLE_WRITE_ERROR) else {
            Issue.record("an oversized body must end as .oversized")
            return
        }
    }

    @Test func curlMayStartTheRequestOnceButNotResendIt() throws {
        let transfer = try transfer()
        #expect(transfer.mayStartRequest())
        #expect(!transfer.mayStartRequest(), "a second start is curl resending on its own")
        guard case .failed(let failure) = transfer.outcome(result: CURLE_ABORTED_BY_CALLBACK), failure.stage == .sent
        else {
            Issue.record("a refused resend must end as a failure after sending")
            return
        }
        let error = failure.error(host: "h", timeout: 1)
        #expect(error.message == "the connection to h was lost before a response arrived")
        #expect(error.requestMayHaveArrived, "the first send may have reached the server")
    }
}
