import GQLPatchSupport
import HTTP
import HTTPCurl
import HTTPDirect

/// The transport the executable runs with, and the one place that decides, per endpoint, whether a
/// proxy applies (`ProxyVerdicts`): what a proxy applies to goes through `CurlTransport` (libcurl
/// speaks to proxies; gqlpatch's own client does not); everything else over gqlpatch's own
/// connections: a command's few requests, one after another, over `DirectTransport` (nothing to load
/// for http, libssl alone for https: the one-request run does not wait some 5 ms for libcurl and its
/// 30 libraries); a batch's many in flight at once over `DirectBatchTransport`
/// (`forBatches(endpoint:)`: the same connections, many on one thread).
public struct StandardTransport: HTTPTransport {
    /// The own client: `DirectTransport`, or `DirectBatchTransport` for a batch.
    private let direct: any HTTPTransport
    private let curl: CurlTransport
    private let certificateAuthorities: String?
    private let maximumResponseBytes: Int
    /// Which URLs no proxy applies to, by the proxy variables read as libcurl reads them.
    private let proxies: ProxyVerdicts

    /// `certificateAuthorities`: a PEM file to trust instead of the system's CAs.
    public init(certificateAuthorities: String?, environment: [String: String]) {
        let proxies = ProxyVerdicts(environment: environment)
        self.init(
            direct: DirectTransport(certificateAuthorities: certificateAuthorities),
            curl: CurlTransport(certificateAuthorities: certificateAuthorities).judgingProxies(proxies),
            certificateAuthorities: certificateAuthorities, maximumResponseBytes: 64 << 20, proxies: proxies)
    }

    private init(
        direct: any HTTPTransport, curl: CurlTransport, certificateAuthorities: String?, maximumResponseBytes: Int,
        proxies: ProxyVerdicts
    ) {
        self.direct = direct
        self.curl = curl
        self.certificateAuthorities = certificateAuthorities
        self.maximumResponseBytes = maximumResponseBytes
        self.proxies = proxies
    }

    /// A batch to an endpoint no proxy applies to goes over `DirectBatchTransport` (gqlpatch's own
    /// connections, many in flight on one thread; libcurl is not loaded); through a proxy, over libcurl.
    public func forBatches(endpoint: String) -> any HTTPTransport {
        if proxies.isProxied(endpoint) { return curl }
        return StandardTransport(
            direct: DirectBatchTransport(
                endpoint: endpoint, maximumResponseBytes: maximumResponseBytes,
                certificateAuthorities: certificateAuthorities),
            curl: curl, certificateAuthorities: certificateAuthorities, maximumResponseBytes: maximumResponseBytes,
            proxies: proxies)
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if proxies.isProxied(request.url) { return try await curl.send(request, timeout: timeout) }
        return try await direct.send(request, timeout: timeout)
    }

    public func limitingResponses(to bytes: Int) -> any HTTPTransport {
        StandardTransport(
            direct: direct.limitingResponses(to: bytes), curl: curl.limited(to: bytes),
            certificateAuthorities: certificateAuthorities, maximumResponseBytes: bytes, proxies: proxies)
    }

    public func prepare(endpoint: String) {
        if proxies.isProxied(endpoint) { curl.preload() } else { direct.prepare(endpoint: endpoint) }
    }

    public func checkReady() throws(GQLPatchError) { try direct.checkReady() }

    public var taskExecutor: (any TaskExecutor)? { direct.taskExecutor }

    /// Without an endpoint to judge by: libcurl, which reads the proxy variables itself.
    public func forBatches() -> any HTTPTransport { curl }
}
