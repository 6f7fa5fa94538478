/// Where a user pool's Cognito Identity Provider service answers.
public enum CognitoEndpoint {
    /// The region of a user pool id: the part before `_` (`us-east-1_AbC123` → `us-east-1`); nil when
    /// the id has no `_` or nothing before it.
    public static func region(ofPool poolID: String) -> String? {
        guard let underscore = poolID.firstIndex(of: "_"), underscore != poolID.startIndex else { return nil }
        let region = poolID[..<underscore]
        guard region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        return String(region)
    }

    /// The part of a user pool id after `_` (SRP's pool name).
    public static func poolName(ofPool poolID: String) -> String {
        guard let underscore = poolID.firstIndex(of: "_") else { return poolID }
        return String(poolID[poolID.index(after: underscore)...])
    }

    /// `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`, else `AWS_ENDPOINT_URL` (both ignored when
    /// `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true`, the AWS convention STS follows here too), else
    /// `https://cognito-idp.<region>.amazonaws.com/` (`.com.cn` in China).
    public static func url(region: String, environment: [String: String]) -> String {
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if env("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")?.lowercased() != "true",
            let configured = env("AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER") ?? env("AWS_ENDPOINT_URL")
        {
            return configured
        }
        return "https://cognito-idp.\(region).amazonaws.com" + (region.hasPrefix("cn-") ? ".cn" : "") + "/"
    }
}
