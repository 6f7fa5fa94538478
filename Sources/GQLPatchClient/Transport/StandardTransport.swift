import GQLPatchSupport
import HTTP
import HTTPCurl
import HTTPDirect

/// The transport the executable runs with, and the one place that decides, per endpoint, whether a
/// proxy applies (`ProxyVerdicts`): what a proxy applies to goes through `CurlTransport` (libcurl
/// speaks to proxies; gqlpatch's own client does not); everything else over gqlpatch's own
/// connections: a command's few requests, one after another, over `DirectTransport` (nothing to load
/// for http, libssl alone for https: the one-request run does not wait some 5 ms for libcurl and its
/// 30 libraries); a batch's many in flight at once over `DirectBatchTransport` (the same
/// connections, many on one thread). The real-time client's WebSockets go over the own client, through
/// the proxy the same environment names for their endpoint.
public struct StandardTransport: HTTPTransport {
    /// The own client: `DirectTransport`, or `DirectBatchTransport` for a batch.
    private let direct: any HTTPTransport
    private let curl: CurlTransport
    private let proxies: ProxyVerdicts

    /// Makes a run's transports. `certificateAuthorities`: a PEM file to trust instead of the
    /// system's CAs; `environment`: the one the process started with (its proxy variables, read as
    /// libcurl reads them).
    public static func maker(certificateAuthorities: String?, environment: [String: String]) -> TransportMaker {
        let proxies = ProxyVerdicts(environment: environment)
        return TransportMaker(
            make: { configuration throws(GQLPatchError) in
                try make(configuration, certificateAuthorities: certificateAuthorities, proxies: proxies)
            },
            prepare: { endpoint in
                if proxies.isProxied(endpoint) {
                    CurlTransport().preload()
                } else {
                    DirectTransport.prepare(endpoint: endpoint)
                }
            },
            openWebSocket: { request throws(WebSocketFailure) in
                // The proxy the endpoint's scheme names (`http_proxy` for ws, `https_proxy` for wss),
                // as for every request; the tunnel, and TLS inside it, are the own client's.
                try DirectWebSocket.connect(
                    request, certificateAuthorities: certificateAuthorities,
                    proxy: ProxySelection.proxy(forWebSocket: request.url, environment: environment)?.authority)
            })
    }

    /// A batch to an endpoint no proxy applies to goes over `DirectBatchTransport` (gqlpatch's own
    /// connections, many in flight on one thread; libcurl is not loaded); through a proxy, over
    /// libcurl. Either stops here, before anything is sent, when its library cannot be loaded.
    private static func make(
        _ configuration: TransportConfiguration, certificateAuthorities: String?, proxies: ProxyVerdicts
    ) throws(GQLPatchError) -> MadeTransport {
        let limit = configuration.maximumResponseBytes
        let curl = CurlTransport(maximumResponseBytes: limit, certificateAuthorities: certificateAuthorities)
            .judgingProxies(proxies)
        guard let endpoint = configuration.batchEndpoint else {
            let direct = DirectTransport(maximumResponseBytes: limit, certificateAuthorities: certificateAuthorities)
            return MadeTransport(StandardTransport(direct: direct, curl: curl, proxies: proxies))
        }
        if proxies.isProxied(endpoint) {
            try curl.checkReady()
            return MadeTransport(curl, executor: CurlTransport.executor)
        }
        let batch = DirectBatchTransport(
            endpoint: endpoint, maximumResponseBytes: limit, certificateAuthorities: certificateAuthorities)
        try batch.checkReady()
        return MadeTransport(
            StandardTransport(direct: batch, curl: curl, proxies: proxies), executor: DirectBatchTransport.executor)
    }

    private init(direct: any HTTPTransport, curl: CurlTransport, proxies: ProxyVerdicts) {
        self.direct = direct
        self.curl = curl
        self.proxies = proxies
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if proxies.isProxied(request.url) { return try await curl.send(request, timeout: timeout) }
        return try await direct.send(request, timeout: timeout)
    }
}
