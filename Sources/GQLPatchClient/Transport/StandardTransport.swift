import GQLPatchSupport

/// The transport the executable runs with. A command's few requests, one after another, go over
/// `DirectTransport` (nothing to load for http, libssl alone for https: the one-request run no
/// longer waits some 5 ms for libcurl and its 30 libraries); a batch's many in flight at once go
/// over `DirectBatchTransport` (`forBatches(endpoint:)`: the same connections, many on one
/// thread). Every request a proxy is configured for goes through `CurlTransport` (libcurl speaks
/// to proxies; gqlpatch's own client does not).
public struct StandardTransport: HTTPTransport {
    private let direct: DirectTransport
    private let curl: CurlTransport
    private let certificateAuthorities: String?
    private let maximumResponseBytes: Int
    /// The proxy variables, read as libcurl reads them (`ProxySelection`).
    private let environment: [String: String]

    /// `certificateAuthorities`: a PEM file to trust instead of the system's CAs.
    public init(certificateAuthorities: String?, environment: [String: String]) {
        self.init(
            direct: DirectTransport(certificateAuthorities: certificateAuthorities),
            curl: CurlTransport(certificateAuthorities: certificateAuthorities).judgingProxies(from: environment),
            certificateAuthorities: certificateAuthorities, maximumResponseBytes: 64 << 20, environment: environment)
    }

    private init(
        direct: DirectTransport, curl: CurlTransport, certificateAuthorities: String?, maximumResponseBytes: Int,
        environment: [String: String]
    ) {
        self.direct = direct
        self.curl = curl
        self.certificateAuthorities = certificateAuthorities
        self.maximumResponseBytes = maximumResponseBytes
        self.environment = environment
        proxies = ProxyVerdicts(environment: environment)
    }

    /// Which URLs no proxy applies to (asked once per URL in a row).
    private let proxies: ProxyVerdicts

    /// Whether requests to `url` go through a proxy (then libcurl carries them).
    private func proxied(_ url: String) -> Bool {
        guard let parsed = AWSEndpointURL(url) else { return false }
        return ProxySelection.proxy(for: parsed, environment: environment) != nil
    }

    /// A batch to an endpoint no proxy applies to goes over `DirectBatchTransport` (gqlpatch's own
    /// connections, many in flight on one thread; libcurl is not loaded); through a proxy, over libcurl.
    public func forBatches(endpoint: String) -> any HTTPTransport {
        if proxied(endpoint) { return curl }
        return DirectBatchTransport(
            endpoint: endpoint, maximumResponseBytes: maximumResponseBytes,
            certificateAuthorities: certificateAuthorities, curl: curl, proxies: proxies)
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if proxied(request.url) { return try await curl.send(request, timeout: timeout) }
        return try await direct.send(request, timeout: timeout)
    }

    public func limitingResponses(to bytes: Int) -> any HTTPTransport {
        StandardTransport(
            direct: direct.limited(to: bytes), curl: curl.limited(to: bytes),
            certificateAuthorities: certificateAuthorities, maximumResponseBytes: bytes, environment: environment)
    }

    public func prepare(endpoint: String) {
        if proxied(endpoint) { curl.preload() } else { direct.prepare(endpoint: endpoint) }
    }

    /// Without an endpoint to judge by: libcurl, which reads the proxy variables itself.
    public func forBatches() -> any HTTPTransport { curl }
}
