import CNet
import GQLPatchSupport
import HTTP

/// `HTTPTransport` over a socket of its own, for the few requests of a one-command run (`get`,
/// `update`, the credential and sign-in lookups): HTTP/1.1, TLS through the system's libssl (loaded
/// in the background by `prepare(endpoint:)`, about a third of what loading libcurl costs: for
/// such a run the load is the longest step), connections kept for the run's next request. It keeps
/// `CurlTransport`'s rules and words (`HTTPResponseReader`, `TransportFailure`): redirects are
/// never followed, only http and https are spoken, certificates and host names are verified, a
/// response is bounded while it arrives, and a request is sent twice only when it may be
/// (`HTTPRequest.resendable`: a kept connection that died before any byte of the answer).
///
/// Blocking: an exchange waits in `poll` on the task's thread. A one-command run has nothing else
/// to do meanwhile; batches go through `DirectBatchTransport`, proxies through `CurlTransport`
/// (`StandardTransport`).
public struct DirectTransport: HTTPTransport {
    private let maximumResponseBytes: Int
    /// A PEM file of the certificate authorities to trust instead of the system's; nil: the system's.
    private let certificateAuthorities: String?
    private let pool: DirectConnectionPool

    public init(maximumResponseBytes: Int = 64 << 20, certificateAuthorities: String? = nil) {
        self.init(
            maximumResponseBytes: maximumResponseBytes, certificateAuthorities: certificateAuthorities, pool: .shared)
    }

    package init(maximumResponseBytes: Int, certificateAuthorities: String?, pool: DirectConnectionPool) {
        self.maximumResponseBytes = maximumResponseBytes
        self.certificateAuthorities = certificateAuthorities
        self.pool = pool
    }

    /// Starts loading libssl, in the background, for an https endpoint.
    public static func prepare(endpoint: String) {
        if endpoint.utf8.starts(with: "https:".utf8) { gqlpatch_tls_preload() }
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        try request.checkHeaders()
        let deadline = gqlpatch_net_now_ms() + max(1, (timeout * 1000).saturated(to: Int64.self))
        var (outcome, died) = try exchange(request, deadline: deadline, fresh: false)
        var resent = false
        // A kept connection that closed before any byte of the answer: the server closed it as the
        // request went out (the keep-alive race). Sent once more on a new connection, as libcurl does.
        if died, request.resendable {
            (outcome, _) = try exchange(request, deadline: deadline, fresh: true)
            resent = true
        }
        var response = try outcome.response(
            url: request.url, limit: request.responseLimit(under: maximumResponseBytes), timeout: timeout)
        response.resent = resent
        return response
    }

    /// One try over a kept connection (unless `fresh`) or a new one; `died`: a kept connection
    /// ended before any byte of the answer.
    private func exchange(_ request: HTTPRequest, deadline: Int64, fresh: Bool) throws(GQLPatchError) -> (
        outcome: TransferOutcome, died: Bool
    ) {
        guard let target = AWSEndpointURL(request.url).flatMap(ParsedURLCache.Target.init) else {
            return (Self.refusal(of: request.url), false)
        }
        let (url, tls, port, key) = (target.url, target.tls, target.port, target.key)
        let bytes = Self.wireBytes(of: request, url: url)
        var connection: DirectConnection
        let reused: Bool
        if !fresh, let kept = pool.take(key) {
            connection = kept
            reused = true
        } else {
            do {
                connection = try DirectConnection.open(
                    key: key, host: url.bareHost, port: port, tls: tls,
                    certificateAuthorities: certificateAuthorities, deadline: deadline)
            } catch {
                if error.result == GQLPATCH_NET_UNAVAILABLE { throw GQLPatchError(.unavailable, error.detail) }
                return (.failed(error.failure(.notSent)), false)
            }
            reused = false
        }
        do {
            try connection.send(bytes, deadline: deadline)
        } catch {
            // An answer that came before the whole request went out (a 413 for a body too large):
            // that answer is the outcome, not the broken send. A server that closed after it has
            // sent it all; one that keeps the connection open may still be sending it.
            let answered = error.result == GQLPATCH_NET_ANSWERED
            if let early = Self.earlyAnswer(
                on: connection, request: request, limit: request.responseLimit(under: maximumResponseBytes),
                deadline: answered ? deadline : min(deadline, gqlpatch_net_now_ms() + 1000))
            {
                return (early, false)
            }
            if reused { return (Self.diedBeforeAnswer, true) }
            return (.failed(error.failure(.sent)), false)
        }
        var gotBytes = false
        var reader = HTTPResponseReader(
            limit: request.responseLimit(under: maximumResponseBytes), expectsBody: request.method != "HEAD"
        ) {
            buffer in
            let received = connection.pull(into: &buffer, deadline: deadline)
            if case .bytes = received { gotBytes = true }
            return received
        }
        let (outcome, reusable) = reader.read()
        // A kept connection that ended before any answer (not a timeout): the server closed it just
        // as the request went out.
        if reused, !gotBytes, case .failed(let failure) = outcome, failure.stage != .notSent,
            failure.kind != .timedOut
        {
            return (Self.diedBeforeAnswer, true)
        }
        if reusable {
            if case .response(let response) = outcome {
                pool.keep(connection, after: response)
            } else {
                pool.keep(connection, after: nil)
            }
        }
        return (outcome, false)
    }

    /// The whole answer the server sent before it stopped reading the request, read until
    /// `deadline`; nil when there is none.
    static func earlyAnswer(on connection: DirectConnection, request: HTTPRequest, limit: Int, deadline: Int64)
        -> TransferOutcome?
    {
        var reader = HTTPResponseReader(limit: limit, expectsBody: request.method != "HEAD") { buffer in
            connection.pull(into: &buffer, deadline: deadline)
        }
        let (outcome, _) = reader.read()
        if case .response = outcome { return outcome }
        return nil
    }

    /// Why a URL that is not http or https (or not a URL) is not sent to.
    static func refusal(of text: String) -> TransferOutcome {
        guard let url = AWSEndpointURL(text) else {
            return .failed(TransportFailure(.invalidURL, detail: "the URL is malformed"))
        }
        return .failed(TransportFailure(.invalidURL, detail: "\(url.scheme) is not spoken (only http and https)"))
    }

    static let diedBeforeAnswer = TransferOutcome.failed(
        TransportFailure(.sendFailed, stage: .sent, detail: "the connection died before an answer"))

    /// The request as it goes on the wire, as libcurl would send it: `Host` and `Accept: */*` unless
    /// given, `Content-Length` for a body or a POST, and a header given with an empty value left
    /// out (with curl such a header removes the one curl would add).
    package static func wireBytes(of request: HTTPRequest, url: AWSEndpointURL) -> [UInt8] {
        // Bytes appended in place: a batch builds one of these per request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512 + request.body.count)
        func put(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func has(_ name: StaticString) -> Bool {
            request.headers.contains { HeaderField.nameEquals($0.name, lowercased: name) }
        }
        put(request.method)
        bytes.append(UInt8(ascii: " "))
        put(url.path)
        if !url.query.isEmpty {
            bytes.append(UInt8(ascii: "?"))
            put(url.query)
        }
        put(" HTTP/1.1\r\n")
        if !has("host") {
            put("Host: ")
            put(url.hostHeader)
            put("\r\n")
        }
        if !has("accept") { put("Accept: */*\r\n") }
        for header in request.headers where !header.value.isEmpty {
            put(header.name)
            put(": ")
            put(header.value)
            put("\r\n")
        }
        if (request.method == "POST" || !request.body.isEmpty) && !has("content-length") {
            put("Content-Length: ")
            put(String(request.body.count))
            put("\r\n")
        }
        put("\r\n")
        bytes.append(contentsOf: request.body)
        return bytes
    }
}
