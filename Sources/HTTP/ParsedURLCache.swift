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

        /// nil for a URL that is not http or https.
        package init?(_ url: AWSEndpointURL) {
            guard url.scheme == "http" || url.scheme == "https" else { return nil }
            self.url = url
            tls = url.scheme == "https"
            port = url.port ?? (tls ? 443 : 80)
            key = "\(url.scheme)://\(url.host):\(port)"
        }
    }

    private let last = Mutex<(text: String, target: Target?)?>(nil)

    package init() {}

    /// nil when `text` is not an http or https URL.
    package func target(_ text: String) -> Target? {
        if let known = last.withLock({ $0 }), known.text == text { return known.target }
        let target = AWSEndpointURL(text).flatMap(Target.init)
        last.withLock { $0 = (text, target) }
        return target
    }
}
