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

    /// Seconds a request may take when the run does not say (`--timeout`).
    public static let defaultTimeout = 30.0

    public init(
        endpoint: String, transport: any HTTPTransport, authorizer: RequestAuthorizer, extraHeaders: [HeaderField] = [],
        timeout: Double = GraphQLClient.defaultTimeout, trace: (@Sendable (String) -> Void)? = nil
    ) {
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

    public func send(_ body: JSONValue) async throws(GQLPatchError) -> GraphQLResponse {
        let request = request(for: body)
        let response = try await exchange(request, rejected: nil)
        // A signed-in user's token that AppSync calls expired (the clock, or a revocation, ran ahead
        // of its expiry) is renewed and the request sent once more: a 401 is AppSync's answer before
        // anything ran, so this resends no write.
        if case .userPool = authorizer, response.response.status == 401, Self.saysExpired(response.response.body),
            let sent = response.token
        {
            return try ResponseClassifier.classify(
                try await exchange(request, rejected: sent).response, host: host, requestBytes: request.body.count)
        }
        return try ResponseClassifier.classify(response.response, host: host, requestBytes: request.body.count)
    }

    /// Whether a 401 body's first error says the token has expired (`Token has expired.`).
    package static func saysExpired(_ body: [UInt8]) -> Bool {
        guard let errors = (try? JSONValue.parse(body))?["errors"]?.arrayValue, let first = errors.first else {
            return false
        }
        let text = (first["message"]?.stringValue ?? "") + " " + (first["errorType"]?.stringValue ?? "")
        return text.lowercased().contains("expired")
    }

    /// Authorises and sends one request, traced; the response and the `Authorization` value it carried.
    private func exchange(_ unsigned: HTTPRequest, rejected: String?) async throws(GQLPatchError) -> (
        response: HTTPResponse, token: String?
    ) {
        var request = unsigned
        try await authorizer.authorize(&request, rejected: rejected)
        traceRequest(request)
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await transport.send(request, timeout: timeout)
        traceResponse(response, elapsed: clock.now - start)
        return (response, request.headers.last { $0.name == "Authorization" }?.value)
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
