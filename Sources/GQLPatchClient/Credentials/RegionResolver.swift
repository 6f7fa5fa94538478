import GQLPatchSupport
import HTTP

/// Picks the region to sign AppSync requests (and to call STS) in.
///
/// Order: `--region`, then the region in an AppSync host name
/// (`<id>.appsync-api.<region>.amazonaws.com`, also `appsync-realtime-api` and `.amazonaws.com.cn`),
/// then `AWS_REGION`, `AWS_DEFAULT_REGION` and the profile's `region`. The host comes before the
/// environment and the profile because signing for any other region than the API's fails, and a
/// stray `AWS_REGION` is common in CI; a disagreement is reported in `ResolvedRegion.warning`.
/// A custom domain with no configured region is an error.
public struct RegionResolver: Sendable {
    /// The `--region` flag.
    public var flag: String?
    /// The process environment (`AWS_REGION`, `AWS_DEFAULT_REGION`).
    public var environment: [String: String]
    /// The selected profile's `region` (see `AWSCredentialChain.profileRegion()`).
    public var profileRegion: String?
    /// The name of the selected profile, for `source`.
    public var profileName: String
    /// How the caller names the region it was given (`--region`).
    package var wording: any InputWording

    /// Makes a resolver.
    package init(
        flag: String?, environment: [String: String], profileRegion: String?, profileName: String = "default",
        wording: any InputWording
    ) {
        self.flag = flag
        self.environment = environment
        self.profileRegion = profileRegion
        self.profileName = profileName
        self.wording = wording
    }

    /// The region for requests to `endpoint` (a URL).
    public func resolve(endpoint: String) throws(GQLPatchError) -> ResolvedRegion {
        var configured: [(region: String, source: String)] = []
        let given = wording.name(.region)
        if let flag, !flag.isEmpty { configured.append((flag, given)) }
        if let value = environment["AWS_REGION"], !value.isEmpty { configured.append((value, "AWS_REGION")) }
        if let value = environment["AWS_DEFAULT_REGION"], !value.isEmpty {
            configured.append((value, "AWS_DEFAULT_REGION"))
        }
        if let profileRegion, !profileRegion.isEmpty { configured.append((profileRegion, "profile \(profileName)")) }
        for entry in configured where !Self.isValidRegion(entry.region) {
            throw .configuration("'\(entry.region)' from \(entry.source) is not a valid AWS region name")
        }
        let host = AWSEndpointURL(endpoint)?.bareHost ?? endpoint
        let fromHost = Self.appSyncRegion(host: host)
        if let first = configured.first, first.source == given {
            return ResolvedRegion(
                region: first.region, source: first.source,
                warning: fromHost.flatMap { hostRegion in
                    hostRegion == first.region
                        ? nil
                        : "signing for region \(first.region) from \(given), but the endpoint host is in \(hostRegion)"
                })
        }
        if let fromHost {
            let disagreeing = configured.first { $0.region != fromHost }
            return ResolvedRegion(
                region: fromHost, source: "endpoint host",
                warning: disagreeing.map {
                    "signing for region \(fromHost) from the endpoint host, not \($0.region) from \($0.source)"
                })
        }
        if let first = configured.first { return ResolvedRegion(region: first.region, source: first.source) }
        throw .configuration("cannot tell the AWS region for \(host): pass \(given) REGION or set AWS_REGION")
    }

    /// The region in an AppSync host name (`*.appsync-api.<region>.amazonaws.com`,
    /// `*.appsync-realtime-api.<region>.amazonaws.com`, either with `.cn`), else `nil`.
    public static func appSyncRegion(host: String) -> String? {
        var labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "" { labels.removeLast() }
        if labels.last == "cn" { labels.removeLast() }
        guard labels.count >= 5, labels[labels.count - 1] == "com", labels[labels.count - 2] == "amazonaws",
            labels[labels.count - 4] == "appsync-api" || labels[labels.count - 4] == "appsync-realtime-api",
            labels[..<(labels.count - 4)].allSatisfy({ !$0.isEmpty })
        else { return nil }
        let region = String(labels[labels.count - 3])
        return isValidRegion(region) ? region : nil
    }

    /// A host label of letters, digits and `-`, not all digits, not starting or ending with `-`
    /// (the AWS CLI's `validate_region_name`).
    public static func isValidRegion(_ region: String) -> Bool {
        guard !region.isEmpty, region.count <= 63, !region.hasPrefix("-"), !region.hasSuffix("-") else { return false }
        guard region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return false }
        return !region.allSatisfy(\.isNumber)
    }
}
