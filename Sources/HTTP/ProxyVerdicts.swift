import GQLPatchSupport
import Synchronization

/// Which URLs of a batch go to their server directly, by `ProxySelection` over the environment the
/// run started with. libcurl looks the proxy variables up for every transfer when it is not told
/// (a scan of the environment for each of up to six names, some 2 k instructions a request); told
/// "no proxy" for the URLs that have none, it looks nothing up. URLs a proxy applies to are left to
/// libcurl's own reading of the environment, as before.
package final class ProxyVerdicts: Sendable {
    private let environment: [String: String]
    /// What `ProxySelection` says of a URL.
    private enum Verdict {
        case direct, proxied
        /// Not an http or https URL: no verdict (gqlpatch's own client refuses it; libcurl decides).
        case unparsed
    }

    /// The last URL asked about and its verdict: a batch asks about one endpoint, request after
    /// request, and is answered without parsing it again.
    private let last = Mutex<(url: String, verdict: Verdict)?>(nil)

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether a proxy applies to `url` (false for a URL that does not parse).
    package func isProxied(_ url: String) -> Bool { verdict(url) == .proxied }

    /// Whether no proxy applies to `url` (false for a URL that does not parse).
    package func isDirect(_ url: String) -> Bool { verdict(url) == .direct }

    private func verdict(_ url: String) -> Verdict {
        if let known = last.withLock({ $0 }), known.url == url { return known.verdict }
        let verdict: Verdict =
            AWSEndpointURL(url).map {
                ProxySelection.proxy(for: $0, environment: environment) == nil ? .direct : .proxied
            } ?? .unparsed
        last.withLock { $0 = (url, verdict) }
        return verdict
    }
}
