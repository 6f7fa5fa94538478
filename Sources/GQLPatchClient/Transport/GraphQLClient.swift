import GQLPatchSupport
import HTTP
import JSON

/// Posts GraphQL requests (`{"query", "variables"}` as JSON) to one endpoint with its credentials,
/// and reads the answers. Traces each exchange on stderr with `--verbose`, secrets redacted.
public struct GraphQLClient: Sendable {
    public var endpoint: String
    public var transport: any HTTPTransport
    public var authorizer: RequestAuthorizer
    public var extraHeaders: [HeaderField]
    public var timeout: Double
    /// Called with trace lines when `--verbose` is on; nil otherwise.
    public var trace: (@Sendable (String) -> Void)?
    /// Whether a request may be sent again by the transport after a kept connection closed before
    /// any answer (`HTTPRequest.resendable`): false for a hand-written mutation (`query`).
    public var resendable = true
    /// How the caller names the settings a refusal's advice mentions (`--verbose`).
    package var wording: any InputWording

    /// Seconds a request may take when the run does not say (`--timeout`).
    public static let defaultTimeout = 30.0

    package init(
        endpoint: String, transport: any HTTPTransport, authorizer: RequestAuthorizer, extraHeaders: [HeaderField] = [],
        timeout: Double = GraphQLClient.defaultTimeout, trace: (@Sendable (String) -> Void)? = nil,
        wording: any InputWording
    ) {
        self.wording = wording
        self.endpoint = endpoint
        self.transport = transport
        self.authorizer = authorizer
        self.extraHeaders = extraHeaders
        self.timeout = timeout
        self.trace = trace
    }

    /// The host part of the endpoint, for messages.
    public var host: String { Self.host(of: endpoint) }

    /// The host (and port) of a URL, for messages.
    public static func host(of endpoint: String) -> String {
        var rest = Substring(endpoint)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        return String(rest.prefix { $0 != "/" && $0 != "?" })
    }

    /// The request that `send` posts, before credentials are added.
    public func request(for body: JSONValue) -> HTTPRequest {
        var bytes: [UInt8] = []
        body.write(to: &bytes, pretty: false)
        return request(forEncoded: bytes)
    }

    /// The request for a body already written as JSON bytes.
    public func request(forEncoded body: [UInt8]) -> HTTPRequest {
        var request = HTTPRequest(url: endpoint, method: "POST")
        // A `--header` of the same name replaces a default (one Content-Type goes out, and is signed).
        let defaults = [
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "Accept", value: "application/json"),
        ].filter { field in !extraHeaders.contains { $0.name.lowercased() == field.name.lowercased() } }
        request.headers = defaults + extraHeaders
        request.body = body
        request.resendable = resendable
        return request
    }

    /// Sends `body` once (`attempt`): the classified answer, or why there is none.
    public func send(_ body: JSONValue) async throws(GQLPatchError) -> GraphQLResponse {
        var bytes: [UInt8] = []
        body.write(to: &bytes, pretty: false)
        return try await attempt(encoded: bytes).result.get()
    }

    /// The one way a GraphQL request leaves: authorized afresh (a SigV4 signature carries the time
    /// it was made), traced, sent, classified. A signed-in user's token that AppSync refuses as
    /// expired (the clock, or a revocation, ran ahead of its expiry) is renewed and the request sent
    /// once more within the try: a 401 is AppSync's answer before anything ran, so no write is sent
    /// twice. Retrying is the caller's policy (`RetryingSender`), by the failure's kind.
    package func attempt(encoded body: [UInt8]) async -> GraphQLAttempt {
        var rejected: String?
        var resent = false
        while true {
            let request = request(forEncoded: body)
            let response: HTTPResponse
            let token: String?
            switch await exchange(request, rejected: rejected) {
            case .failure(let failed):
                return GraphQLAttempt(result: .failure(failed.error), failure: failed.kind, resent: resent)
            case .success(let answered):
                (response, token) = answered
            }
            resent = resent || response.resent
            if rejected == nil, case .userPool = authorizer, response.status == 401, Self.saysExpired(response.body),
                let token
            {
                trace?("< HTTP 401 (the token expired: renewing it and sending again)")
                rejected = token
                continue
            }
            let (result, failure) = classify(response, requestBytes: body.count)
            return GraphQLAttempt(result: result, failure: failure, resent: resent)
        }
    }

    /// Whether a 401 body's first error says the token has expired (`Token has expired.`).
    package static func saysExpired(_ body: [UInt8]) -> Bool {
        guard let errors = (try? JSONValue.parse(body))?["errors"]?.arrayValue, let first = errors.first else {
            return false
        }
        let text = (first["message"]?.stringValue ?? "") + " " + (first["errorType"]?.stringValue ?? "")
        return text.lowercased().contains("expired")
    }

    /// A failed exchange: the error, and its kind for retrying.
    private struct Failed: Error {
        var error: GQLPatchError
        var kind: SendFailure
    }

    /// Authorizes and sends one request, traced: the response and the `Authorization` value it
    /// carried, or the failure.
    private func exchange(_ unsigned: HTTPRequest, rejected: String?) async -> Result<
        (HTTPResponse, String?), Failed
    > {
        var request = unsigned
        do {
            try await authorizer.authorize(&request, rejected: rejected)
        } catch {
            return .failure(Failed(error: error, kind: .final))
        }
        traceRequest(request)
        do {
            // The clock is read only for a trace: this runs once per request of a batch.
            let start = trace == nil ? nil : ContinuousClock.now
            let response = try await transport.send(request, timeout: timeout)
            if let start { traceResponse(response, elapsed: ContinuousClock.now - start) }
            return .success((response, request.headers.last { $0.name == "Authorization" }?.value))
        } catch {
            let kind: SendFailure
            if error.code != .unavailable {
                // A response that began and broke (76) is retried like a lost connection: the
                // request may have arrived, and a retry of the same input is safe.
                kind = error.requestMayHaveArrived ? .connectionLost : .final
            } else if error.notConnected {
                kind = .notConnected
            } else {
                kind = .connectionLost
            }
            return .failure(Failed(error: error, kind: kind))
        }
    }

    /// The answer classified, with its failure kind: throttling errors in a 200 and 429s are
    /// throttled, 5xx a server error.
    private func classify(_ response: HTTPResponse, requestBytes: Int) -> (
        Result<GraphQLResponse, GQLPatchError>, SendFailure?
    ) {
        do {
            let classified = try ResponseClassifier.classify(
                response, host: host, requestBytes: requestBytes, wording: wording)
            if classified.errors.contains(where: \.isThrottling) {
                return (.success(classified), .throttled(retryAfter: nil))
            }
            return (.success(classified), nil)
        } catch {
            switch response.status {
            case 429: return (.failure(error), .throttled(retryAfter: response.headers["retry-after"]))
            case 500...599: return (.failure(error), .serverError(status: response.status))
            default: return (.failure(error), .final)
            }
        }
    }

    /// `--verbose`: the request as sent, secret header values redacted. Every sender traces with it.
    package func traceRequest(_ request: HTTPRequest) {
        guard let trace else { return }
        trace("> POST \(Redactor.url(endpoint))")
        for header in request.headers {
            trace("> \(header.name): \(Redactor.headerValue(name: header.name, value: header.value))")
        }
        trace("> \(String(decoding: request.body, as: UTF8.self))")
    }

    /// `--verbose`: the answer's status, time and size, and its first 4 KB.
    package func traceResponse(_ response: HTTPResponse, elapsed: Duration) {
        guard let trace else { return }
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        trace("< HTTP \(response.status) (\(Int(ms.rounded())) ms, \(response.body.count) bytes)")
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
        trace("< \(text)\(response.body.count > 4096 ? "…" : "")")
    }
}
