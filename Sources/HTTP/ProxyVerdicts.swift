import GQLPatchSupport
import Synchronization

/// Which URLs of a batch go to their server directly, by `ProxySelection` over the environment the
/// run started with. libcurl looks the proxy variables up for every transfer when it is not told
/// (a scan of the environment for each of up to six names, some 2 k instructions a request); told
/// "no proxy" for the URLs that have none, it looks nothing up. URLs a proxy applies to are left to
/// libcurl's own reading of the environment, as before.
package final class ProxyVerdicts: Sendable {
    private let environment: [String: String]
    /// The last URL asked about and whether it goes directly: a batch asks about one endpoint.
    private let last = Mutex<(url: String, direct: Bool)?>(nil)

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether a proxy applies to `url` (false for a URL that does not parse: gqlpatch's own client
    /// refuses it).
    package func isProxied(_ url: String) -> Bool {
        guard AWSEndpointURL(url) != nil else { return false }
        return !isDirect(url)
    }

    /// Whether no proxy applies to `url` (false for a URL that does not parse: libcurl decides).
    package func isDirect(_ url: String) -> Bool {
        if let known = last.withLock({ $0 }), known.url == url { return known.direct }
        let direct = AWSEndpointURL(url).map { ProxySelection.proxy(for: $0, environment: environment) == nil } ?? false
        last.withLock { $0 = (url, direct) }
        return direct
    }
}
