import GQLPatchSupport
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

    public init(
        endpoint: String, transport: any HTTPTransport, authorizer: RequestAuthorizer, extraHeaders: [HeaderField] = [],
        timeout: Double = 30, trace: (@Sendable (String) -> Void)? = nil
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
        var request = HTTPRequest(url: endpoint, method: "POST")
        // A `--header` of the same name replaces a default (one Content-Type goes out, and is signed).
        let defaults = [
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "Accept", value: "application/json"),
        ].filter { field in !extraHeaders.contains { $0.name.lowercased() == field.name.lowercased() } }
        request.headers = defaults + extraHeaders
        var bytes: [UInt8] = []
        body.write(to: &bytes, pretty: false)
        request.body = bytes
        return request
    }

    public func send(_ body: JSONValue) async throws(GQLPatchError) -> GraphQLResponse {
        var request = request(for: body)
        try await authorizer.authorize(&request)
        if let trace {
            trace("> POST \(Redactor.url(endpoint))")
            for header in request.headers {
                trace("> \(header.name): \(Redactor.headerValue(name: header.name, value: header.value))")
            }
            trace("> \(String(decoding: request.body, as: UTF8.self))")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await transport.send(request, timeout: timeout)
        if let trace {
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            trace("< HTTP \(response.status) (\(Int(ms.rounded())) ms, \(response.body.count) bytes)")
            let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
            trace("< \(text)\(response.body.count > 4096 ? "…" : "")")
        }
        return try ResponseClassifier.classify(response, host: host)
    }
}
