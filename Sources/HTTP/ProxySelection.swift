/// The proxy libcurl will use for a URL, read from the environment exactly as libcurl 7.x/8.x reads
/// it (lib/url.c `detect_proxy`, lib/noproxy.c): `<scheme>_proxy` in lower case, then upper case
/// except for `HTTP_PROXY` (which libcurl ignores: CGI puts a request's `Proxy:` header there), then
/// `all_proxy`, `ALL_PROXY`. An empty variable counts as unset (libcurl's `curl_getenv`).
/// `no_proxy` (else `NO_PROXY`) bypasses the proxy: `*` for every host, or a list of host names
/// (which match the host and its subdomains, a leading dot ignored), IP addresses and IPv4 CIDR
/// ranges, separated by commas or spaces.
///
/// Used to judge where credentials travel: when in doubt it says a proxy is used.
public struct ProxySelection: Sendable, Hashable {
    /// The variable it came from (`http_proxy`).
    public var variable: String
    /// The proxy's `host[:port]`, IPv6 in brackets, without scheme or user info.
    public var authority: String

    package static func proxy(for url: AWSEndpointURL, environment: [String: String]) -> ProxySelection? {
        if bypasses(host: url.bareHost, environment: environment) { return nil }
        var names = ["\(url.scheme)_proxy"]
        if url.scheme != "http" { names.append("\(url.scheme.uppercased())_PROXY") }
        names += ["all_proxy", "ALL_PROXY"]
        guard let variable = names.first(where: { environment[$0].map { !$0.isEmpty } ?? false }),
            let value = environment[variable]
        else { return nil }
        return ProxySelection(variable: variable, authority: authority(ofProxy: value))
    }

    /// The proxy for a WebSocket URL: `ws://` is looked up as `http://` and `wss://` as `https://`
    /// (the variables libcurl reads for those schemes), so real-time goes where GraphQL requests go.
    package static func proxy(forWebSocket url: AWSEndpointURL, environment: [String: String]) -> ProxySelection? {
        var lookup = url
        lookup.scheme = url.scheme == "wss" ? "https" : url.scheme == "ws" ? "http" : url.scheme
        return proxy(for: lookup, environment: environment)
    }

    /// `host[:port]` of a proxy string (`http://user:pw@proxy:3128/`, `socks5h://proxy`, `proxy:8080`).
    package static func authority(ofProxy value: String) -> String {
        var rest = Substring(value)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        rest = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        return rest.lowercased()
    }

    /// Whether `no_proxy` / `NO_PROXY` names `host` (without IPv6 brackets).
    package static func bypasses(host: String, environment: [String: String]) -> Bool {
        guard
            let list = [environment["no_proxy"], environment["NO_PROXY"]].compactMap({ $0 }).first(where: {
                !$0.isEmpty
            })
        else { return false }
        if list == "*" { return true }
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let ipv4 = CIDRRange.ipv4(name)
        let isIP = ipv4 != nil || name.contains(":")
        for entry in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            var token = entry.lowercased()
            if isIP {
                if token.contains("/") {
                    if let range = CIDRRange(token), let ipv4, range.contains(ipv4) { return true }
                } else if token == name
                    || (token.hasPrefix("[") && token.hasSuffix("]") && token.dropFirst().dropLast() == name)
                {
                    return true
                }
                continue
            }
            if token.hasPrefix(".") { token.removeFirst() }
            if token.hasSuffix(".") { token.removeLast() }
            if token.isEmpty { continue }
            if token == name || name.hasSuffix("." + token) { return true }
        }
        return false
    }
}
