import AWSSigning
import HTTP

/// Where an API's real-time (subscription) WebSocket is, derived from its GraphQL endpoint as the
/// AppSync developer guide gives it: an AWS host `<id>.appsync-api.<region>.amazonaws.com/graphql`
/// becomes `wss://<id>.appsync-realtime-api.<region>.amazonaws.com/graphql`; a custom domain's
/// `https://api.example.com/graphql` becomes `wss://api.example.com/graphql/realtime` (`ws://` for a
/// local `http://` server, as the emulator is). The URL keeps `https`/`http` as its scheme (the
/// connection's TLS and default port follow it); `shown` spells it `wss://`/`ws://`.
package enum RealtimeEndpoint {
    /// The real-time URL of `graphQL`, or nil when it is not an http(s) URL.
    package static func derive(from graphQL: String) -> AWSEndpointURL? {
        guard var url = AWSEndpointURL(graphQL) else { return nil }
        url.query = ""
        if let range = url.host.firstRange(of: ".appsync-api.") {
            url.host.replaceSubrange(range, with: ".appsync-realtime-api.")
        } else {
            url.path = (url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path) + "/realtime"
        }
        return url
    }

    /// A real-time URL the user gave (`wss://`, `ws://`, or `https://`/`http://` for the same), or nil.
    package static func given(_ text: String) -> AWSEndpointURL? {
        var text = text
        if text.lowercased().hasPrefix("wss://") {
            text = "https://" + text.dropFirst(6)
        } else if text.lowercased().hasPrefix("ws://") {
            text = "http://" + text.dropFirst(5)
        }
        guard var url = AWSEndpointURL(text) else { return nil }
        url.query = ""
        return url
    }

    /// `url` as a WebSocket URL: `wss://host/path`.
    package static func shown(_ url: AWSEndpointURL) -> String {
        (url.scheme == "https" ? "wss://" : "ws://") + url.hostHeader + url.path
    }

    /// The URL the connection asks for: the endpoint with the `header` and `payload` query
    /// parameters (each base64 JSON).
    package static func connectURL(_ endpoint: AWSEndpointURL, header: String, payload: String) -> AWSEndpointURL {
        var url = endpoint
        url.query = "header=\(URIEncoding.encode(header.utf8))&payload=\(URIEncoding.encode(payload.utf8))"
        return url
    }
}
