import AWSSigning
import HTTP

/// Where an API's real-time (subscription) WebSocket is, derived from its GraphQL endpoint as the
/// AppSync developer guide and amplify-js give it: an AWS host `<id>.appsync-api.<region>.amazonaws.com`
/// (`.com.cn` in China) becomes `<id>.appsync-realtime-api.<region>...` with the same path; anything
/// else is a custom domain, whose `https://api.example.com/graphql` listens at
/// `wss://api.example.com/graphql/realtime`. A private API's VPC-endpoint host
/// (`<id>-vpce-....appsync-api.<region>.vpce.amazonaws.com`) is not a public AppSync host and takes
/// the custom-domain rule, as amplify-js's pattern has it (the caller can give the address when it is wrong).
/// `ws://` for a local `http://` server, as the emulator is. The URL keeps `https`/`http` as its
/// scheme (the connection's TLS and default port follow it); `shown` spells it `wss://`/`ws://`.
package enum RealtimeEndpoint {
    /// The real-time URL of `graphQL`, or nil when it is not an http(s) URL.
    package static func derive(from graphQL: String) -> AWSEndpointURL? {
        guard var url = AWSEndpointURL(graphQL) else { return nil }
        url.query = ""
        if isAppSyncHost(url.bareHost), let range = url.host.firstRange(of: ".appsync-api.") {
            url.host.replaceSubrange(range, with: ".appsync-realtime-api.")
        } else {
            url.path = (url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path) + "/realtime"
        }
        return url
    }

    /// Whether `host` is a public AppSync GraphQL host: `<id>.appsync-api.<region>.amazonaws.com`
    /// or `.amazonaws.com.cn`, the region `xx-name-N` (`us-gov-west-1` too).
    static func isAppSyncHost(_ host: String) -> Bool {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        let suffix: [Substring]
        if labels.count == 5 {
            suffix = ["amazonaws", "com"]
        } else if labels.count == 6 {
            suffix = ["amazonaws", "com", "cn"]
        } else {
            return false
        }
        guard Array(labels.suffix(suffix.count)) == suffix, labels[1] == "appsync-api",
            !labels[0].isEmpty, labels[0].allSatisfy({ $0.isLetter || $0.isNumber })
        else { return false }
        let region = labels[2].split(separator: "-", omittingEmptySubsequences: false)
        guard region.count >= 3, region[0].count == 2, let last = region.last, last.allSatisfy(\.isNumber),
            !last.isEmpty, region.dropFirst().dropLast().allSatisfy({ $0.count >= 2 && $0.allSatisfy(\.isLetter) })
        else { return false }
        return true
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

    /// The subprotocol that carries the connect's authorization (`header-` and the JSON in base64url
    /// without padding: `/`, `+` and `=` are not allowed in a subprotocol token).
    package static func headerSubprotocol(_ json: String) -> String {
        var encoded = Base64.encode(Array(json.utf8))
        encoded = String(
            encoded.compactMap { character -> Character? in
                switch character {
                case "+": "-"
                case "/": "_"
                case "=": nil
                default: character
                }
            })
        return "header-" + encoded
    }
}
