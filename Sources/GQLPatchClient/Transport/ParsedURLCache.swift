import Synchronization

/// The URL a batch parsed last, with what its exchanges need: a batch sends request after request
/// to one endpoint, and parsing it each time was a tenth of the transport's work per request.
package final class ParsedURLCache: Sendable {
    /// A parsed http or https URL and the key of the connections to it.
    package struct Target: Sendable {
        package var url: AWSEndpointURL
        package var tls: Bool
        package var port: Int
        /// `scheme://host:port`.
        package var key: String
    }

    private let last = Mutex<(text: String, target: Target?)?>(nil)

    package init() {}

    /// nil when `text` is not an http or https URL.
    package func target(_ text: String) -> Target? {
        if let known = last.withLock({ $0 }), known.text == text { return known.target }
        var target: Target?
        if let url = AWSEndpointURL(text), url.scheme == "http" || url.scheme == "https" {
            let tls = url.scheme == "https"
            let port = url.port ?? (tls ? 443 : 80)
            target = Target(url: url, tls: tls, port: port, key: "\(url.scheme)://\(url.host):\(port)")
        }
        last.withLock { $0 = (text, target) }
        return target
    }
}
