/// The parts of an `http`/`https` URL that signing and endpoint checks need. Hand-parsed so the
/// result is the same on every platform.
package struct AWSEndpointURL: Sendable, Hashable {
    /// `http` or `https`, lower-cased.
    package var scheme: String
    /// The host as written, lower-cased; an IPv6 literal keeps its brackets (`[fd00:ec2::23]`).
    package var host: String
    /// The port when the URL names one.
    package var port: Int?
    /// The path, `/` when the URL has none.
    package var path: String
    /// The query without `?`, empty when there is none.
    package var query: String

    /// Parses `text`; `nil` when it is not an absolute `http`/`https` URL with a host.
    package init?(_ text: String) {
        guard let schemeEnd = Self.schemeSeparator(in: text) else { return nil }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = text[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        guard !authority.contains("@") else { return nil }
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let afterHost = authority[authority.index(after: close)...]
            if afterHost.hasPrefix(":") {
                guard let value = Int(afterHost.dropFirst()), (0...65535).contains(value) else { return nil }
                port = value
            } else if !afterHost.isEmpty {
                return nil
            }
            authority = authority[...close]
        } else if let colon = authority.lastIndex(of: ":") {
            guard let value = Int(authority[authority.index(after: colon)...]), (0...65535).contains(value) else {
                return nil
            }
            port = value
            authority = authority[..<colon]
        }
        guard !authority.isEmpty, !authority.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        var path = Substring("/")
        var query = Substring("")
        if let question = afterAuthority.firstIndex(of: "?") {
            if afterAuthority.startIndex < question { path = afterAuthority[..<question] }
            query = afterAuthority[afterAuthority.index(after: question)...]
        } else if !afterAuthority.isEmpty {
            path = afterAuthority
        }
        self.scheme = scheme
        self.host = authority.lowercased()
        self.port = port
        self.path = String(path)
        self.query = String(query)
    }

    /// Where the first `://` is: a scan of the bytes (the generic `firstRange(of:)` cost some 9 k
    /// instructions, and a batch parses its URL for every request).
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: ":") {
                let second = utf8.index(after: index)
                if second != utf8.endIndex, utf8[second] == UInt8(ascii: "/") {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex, utf8[third] == UInt8(ascii: "/") {
                        return index..<utf8.index(after: third)
                    }
                }
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    /// The port the URL names unless it is the scheme's default (80 for http, 443 for https).
    package var nonDefaultPort: Int? {
        guard let port else { return nil }
        return (scheme == "http" && port == 80) || (scheme == "https" && port == 443) ? nil : port
    }

    /// The `Host` header value: the host, with `:port` when the port is not the default.
    package var hostHeader: String {
        nonDefaultPort.map { "\(host):\($0)" } ?? host
    }

    /// The host without IPv6 brackets.
    package var bareHost: String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// `scheme://host[:port]` followed by `path`.
    package func url(withPath newPath: String) -> String {
        scheme + "://" + hostHeader + newPath
    }
}
