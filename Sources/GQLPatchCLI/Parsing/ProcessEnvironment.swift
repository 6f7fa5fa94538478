import GQLPatchSupport

/// The process environment as the kernel gives it (`NAME=value` bytes) turned into text. A variable
/// gqlpatch reads whose value is not UTF-8 is refused (exit 78, naming it, never showing the value:
/// it may be a secret) rather than repaired into U+FFFD. Variables gqlpatch never reads may hold
/// anything: they are left out.
public struct ProcessEnvironment: Sendable {
    /// The variables that are text.
    public var values: [String: String] = [:]
    /// The names of variables gqlpatch reads whose value is not UTF-8, in environment order.
    public var undecodable: [String] = []

    /// Variables read besides every `GQLPATCH_*` and `AWS_*` one: the home folder (AWS shared files),
    /// the proxies libcurl reads, the CA bundles.
    package static let readNames: Set<String> = [
        "HOME", "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy",
        "NO_PROXY",
        "CURL_CA_BUNDLE", "SSL_CERT_FILE",
    ]

    /// Whether gqlpatch (or libcurl on its behalf) reads the variable.
    package static func isRead(_ name: String) -> Bool {
        name.hasPrefix("GQLPATCH_") || name.hasPrefix("AWS_") || readNames.contains(name)
    }

    /// `entries` are `NAME=value` byte strings, as in `environ`; a later entry of a name wins.
    public init(raw entries: [[UInt8]]) {
        for entry in entries {
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")),
                let name = String(validating: entry[..<equals], as: UTF8.self)
            else { continue }
            if let value = String(validating: entry[(equals + 1)...], as: UTF8.self) {
                values[name] = value
            } else if Self.isRead(name) {
                values[name] = nil
                undecodable.append(name)
            }
        }
    }

    /// Exit 78 naming the first variable gqlpatch reads that is not UTF-8.
    public func check() throws(GQLPatchError) {
        guard let name = undecodable.first else { return }
        throw .configuration("the environment variable \(name) is not valid UTF-8")
    }
}
