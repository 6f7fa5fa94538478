import GQLPatchSupport

/// The transport the executable runs with. A command's few requests, one after another, go over
/// `DirectTransport` (nothing to load for http, libssl alone for https: the one-request run no
/// longer waits some 5 ms for libcurl and its 30 libraries); a batch's many in flight at once go
/// through `CurlTransport` (`forBatches`), and so does every request when a proxy is configured
/// for its URL (libcurl speaks to proxies, `DirectTransport` does not).
public struct StandardTransport: HTTPTransport {
    private let direct: DirectTransport
    private let curl: CurlTransport
    /// The proxy variables, read as libcurl reads them (`ProxySelection`).
    private let environment: [String: String]

    /// `certificateAuthorities`: a PEM file to trust instead of the system's CAs.
    public init(certificateAuthorities: String?, environment: [String: String]) {
        self.init(
            direct: DirectTransport(certificateAuthorities: certificateAuthorities),
            curl: CurlTransport(certificateAuthorities: certificateAuthorities), environment: environment)
    }

    private init(direct: DirectTransport, curl: CurlTransport, environment: [String: String]) {
        self.direct = direct
        self.curl = curl
        self.environment = environment
    }

    /// Whether requests to `url` go through a proxy (then libcurl carries them).
    private func proxied(_ url: String) -> Bool {
        guard let parsed = AWSEndpointURL(url) else { return false }
        return ProxySelection.proxy(for: parsed, environment: environment) != nil
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if proxied(request.url) { return try await curl.send(request, timeout: timeout) }
        return try await direct.send(request, timeout: timeout)
    }

    public func limitingResponses(to bytes: Int) -> any HTTPTransport {
        StandardTransport(
            direct: direct.limited(to: bytes), curl: curl.limited(to: bytes), environment: environment)
    }

    public func prepareBatch() { curl.prepareBatch() }

    public func prepare(endpoint: String) {
        if proxied(endpoint) { curl.prepareBatch() } else { direct.prepare(endpoint: endpoint) }
    }

    public func forBatches() -> any HTTPTransport { curl }
}
