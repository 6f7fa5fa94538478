import GQLPatchSupport
import HTTP

/// Where AppSync's control plane is reached, as the AWS SDKs and CLI choose it: `AWS_ENDPOINT_URL_APPSYNC`,
/// else `AWS_ENDPOINT_URL`, both passed over when `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS` is `true`, else
/// `https://appsync.<region>.amazonaws.com` (`.amazonaws.com.cn` in China).
package struct ControlPlaneEndpoint: Sendable, Equatable {
    /// The base URL, without a trailing slash (a path, if the override has one, is kept).
    package var url: String
    /// What chose it, for messages: the variable, or "the region".
    package var origin: String

    package init(url: String, origin: String) {
        self.url = url
        self.origin = origin
    }

    /// The endpoint for `region` under `environment`; an override that is not an http(s) URL is a
    /// configuration error naming its variable.
    package static func resolve(region: String, environment: [String: String]) throws(GQLPatchError)
        -> ControlPlaneEndpoint
    {
        let ignored = environment["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"]?.lowercased() == "true"
        for variable in ["AWS_ENDPOINT_URL_APPSYNC", "AWS_ENDPOINT_URL"] where !ignored {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let lower = value.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), AWSEndpointURL(value) != nil,
                HeaderCheck.problem(inValue: value) == nil, Redactor.userInfo(of: value) == nil
            else {
                throw .configuration(
                    "\(variable) '\(Redactor.url(value))' is not an http(s) URL for AppSync's control plane; correct it, or unset it to reach appsync.\(region).amazonaws.com"
                )
            }
            var url = value
            while url.hasSuffix("/") { url.removeLast() }
            return ControlPlaneEndpoint(url: url, origin: variable)
        }
        let suffix = region.hasPrefix("cn-") ? "amazonaws.com.cn" : "amazonaws.com"
        return ControlPlaneEndpoint(url: "https://appsync.\(region).\(suffix)", origin: "the region")
    }
}
