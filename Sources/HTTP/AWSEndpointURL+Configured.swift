extension AWSEndpointURL {
    /// The endpoint the AWS convention configures for a service: `AWS_ENDPOINT_URL_<SERVICE>`
    /// (`serviceVariable`, e.g. `STS`, `COGNITO_IDENTITY`), else `AWS_ENDPOINT_URL`; neither when
    /// `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true`. Empty variables count as unset.
    package static func configured(serviceVariable: String, environment: [String: String]) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        guard value("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")?.lowercased() != "true" else { return nil }
        return value("AWS_ENDPOINT_URL_" + serviceVariable) ?? value("AWS_ENDPOINT_URL")
    }

    /// `https://<service>.<region>.amazonaws.com` (`.com.cn` for the China regions).
    package static func regional(service: String, region: String) -> String {
        "https://\(service).\(region).amazonaws.com" + (region.hasPrefix("cn-") ? ".cn" : "")
    }

    /// Whether the host names this machine: `localhost`, `127.x.y.z` or `::1`.
    package var isLoopback: Bool {
        let bare = bareHost
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in UInt8(part) != nil }
    }
}
