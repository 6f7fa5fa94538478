/// Step 1 of SigV4 ("Create a canonical request"), worked out once so that the text and the
/// signed-header list used in `Authorization` always agree.
struct CanonicalRequest: Sendable {
    /// Header names that are never signed: the signature's own header, and headers that proxies
    /// or HTTP clients add or rewrite on the way.
    static let unsignedHeaderNames: Set<String> = [
        "authorization", "user-agent", "expect", "transfer-encoding", "connection", "x-amzn-trace-id",
    ]

    /// The canonical request text (six parts joined by newlines, with the canonical headers' own
    /// trailing newline).
    let text: String
    /// Lower-case names of the signed headers, sorted and joined with `;`.
    let signedHeaders: String

    /// Builds the canonical request for `method`, `path` and `query` with `headers` (already
    /// holding any headers the signer adds) and the hex body hash `payloadHash`.
    init(
        method: String,
        path: String,
        query: String,
        headers: [(name: String, value: String)],
        payloadHash: String,
        normalizesPath: Bool
    ) {
        var grouped: [String: [String]] = [:]
        for (name, value) in headers {
            let lowered = name.lowercased()
            if Self.unsignedHeaderNames.contains(lowered) { continue }
            grouped[lowered, default: []].append(Self.canonicalValue(value))
        }
        let names = grouped.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var canonicalHeaders = ""
        for name in names {
            canonicalHeaders += name + ":" + grouped[name]!.joined(separator: ",") + "\n"
        }
        signedHeaders = names.joined(separator: ";")
        text = [
            method,
            Self.canonicalPath(path, normalizing: normalizesPath),
            Self.canonicalQuery(query),
            canonicalHeaders,
            signedHeaders,
            payloadHash,
        ].joined(separator: "\n")
    }

    /// The path with dot and empty segments resolved (when `normalizing`), each segment URI-encoded.
    static func canonicalPath(_ path: String, normalizing: Bool) -> String {
        guard !path.isEmpty else { return "/" }
        guard normalizing else { return URIEncoding.encode(path.utf8, keepingSlash: true) }
        var kept: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            switch segment {
            case "", ".": continue
            case "..": _ = kept.popLast()
            default: kept.append(segment)
            }
        }
        var normalized = "/" + kept.joined(separator: "/")
        let last = segments.last ?? ""
        if !kept.isEmpty, last == "" || last == "." || last == ".." {
            normalized += "/"
        }
        return URIEncoding.encode(normalized.utf8, keepingSlash: true)
    }

    /// The query split at `&`, each name and value percent-decoded then encoded afresh, sorted by
    /// name and then by value, and joined as `name=value` with `&`. Empty pieces are dropped.
    static func canonicalQuery(_ query: String) -> String {
        var pairs: [(name: String, value: String)] = []
        for piece in query.utf8.split(separator: UInt8(ascii: "&")) {
            let name: String
            let value: String
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                name = URIEncoding.encode(URIEncoding.decode(piece[..<equals]))
                value = URIEncoding.encode(URIEncoding.decode(piece[piece.index(after: equals)...]))
            } else {
                name = URIEncoding.encode(URIEncoding.decode(piece))
                value = ""
            }
            pairs.append((name, value))
        }
        pairs.sort { lhs, rhs in
            lhs.name == rhs.name
                ? lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
                : lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
        }
        return pairs.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// The value with leading and trailing white space removed and every inner run of white space
    /// (spaces, tabs, and the line breaks of folded multi-line values) turned into one space.
    static func canonicalValue(_ value: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        var pendingSpace = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                pendingSpace = !out.isEmpty
            default:
                if pendingSpace {
                    out.append(UInt8(ascii: " "))
                    pendingSpace = false
                }
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
