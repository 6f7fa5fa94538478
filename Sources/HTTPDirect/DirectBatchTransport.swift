import CNet
import GQLPatchSupport
import HTTP

/// `HTTPTransport` for a batch's many requests in flight at once, over `DirectEventLoop` (gqlpatch's
/// own HTTP/1.1 connections, one thread): the same rules and words as `DirectTransport`, which
/// carries a command's few requests one at a time. No proxy is spoken (`StandardTransport` sends
/// what a proxy applies to through libcurl).
package struct DirectBatchTransport: HTTPTransport {
    private let maximumResponseBytes: Int
    private let certificateAuthorities: String?
    /// Whether the batch's endpoint is https (libssl must then load before anything is sent).
    private let secure: Bool
    private let targets = ParsedURLCache()

    package init(endpoint: String, maximumResponseBytes: Int, certificateAuthorities: String?) {
        self.maximumResponseBytes = maximumResponseBytes
        self.certificateAuthorities = certificateAuthorities
        secure = endpoint.utf8.starts(with: "https:".utf8)
    }

    /// libssl missing stops an https batch here, once, before anything is sent.
    package func checkReady() throws(GQLPatchError) {
        if secure, let problem = gqlpatch_tls_check() { throw GQLPatchError(.unavailable, String(cString: problem)) }
    }

    /// Runs tasks on the event loop's thread.
    package static var executor: any TaskExecutor { DirectEventLoop.shared }

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        try request.checkHeaders()
        let deadline = gqlpatch_net_now_ms() + max(1, (timeout * 1000).saturated(to: Int64.self))
        let outcome: TransferOutcome
        var resent = false
        if let exchange = exchange(for: request, deadline: deadline) {
            switch await DirectEventLoop.shared.perform(exchange) {
            case .success(let ended): outcome = ended
            case .failure(let unavailable): throw GQLPatchError(.unavailable, unavailable.detail)
            }
            resent = exchange.resent
        } else {
            outcome = DirectTransport.refusal(of: request.url)
        }
        var response = try outcome.response(
            url: request.url, limit: request.responseLimit(under: maximumResponseBytes), timeout: timeout)
        response.resent = resent
        return response
    }

    /// The exchange for a request to an http or https URL; nil for any other.
    private func exchange(for request: HTTPRequest, deadline: Int64) -> DirectExchange? {
        guard let target = targets.target(request.url) else { return nil }
        return DirectExchange(
            key: target.key, host: target.url.bareHost, port: target.port, tls: target.tls,
            certificateAuthorities: certificateAuthorities,
            bytes: DirectTransport.wireBytes(of: request, url: target.url), deadline: deadline,
            limit: request.responseLimit(under: maximumResponseBytes), expectsBody: request.method != "HEAD",
            resendable: request.resendable)
    }
}
