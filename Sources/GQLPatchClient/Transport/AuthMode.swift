/// How requests are authorised: the one list of AppSync's modes. The raw values are the names users
/// give (`api-key`), `appSyncName` the service's (`API_KEY`); `RequestAuthorizer` carries a mode's
/// resolved credentials.
public enum AuthMode: String, Sendable, CaseIterable {
    case apiKey = "api-key"
    case iam = "iam"
    case userPool = "user-pool"
    case oidc = "oidc"
    case lambda = "lambda"
    case none = "none"

    /// Maps AppSync's / Amplify's names (`API_KEY`, `AWS_IAM`, `AMAZON_COGNITO_USER_POOLS`,
    /// `OPENID_CONNECT`, `AWS_LAMBDA`, `NONE`); `nil` for anything else.
    public init?(appSyncName: String) {
        switch appSyncName {
        case "API_KEY": self = .apiKey
        case "AWS_IAM": self = .iam
        case "AMAZON_COGNITO_USER_POOLS": self = .userPool
        case "OPENID_CONNECT": self = .oidc
        case "AWS_LAMBDA": self = .lambda
        case "NONE": self = .none
        default: return nil
        }
    }

    /// AppSync's name for the mode (`API_KEY`, ...).
    public var appSyncName: String {
        switch self {
        case .apiKey: return "API_KEY"
        case .iam: return "AWS_IAM"
        case .userPool: return "AMAZON_COGNITO_USER_POOLS"
        case .oidc: return "OPENID_CONNECT"
        case .lambda: return "AWS_LAMBDA"
        case .none: return "NONE"
        }
    }

    /// The headers a request of this mode carries (for `--dry-run`, which shows no values).
    public var headerNames: [String] {
        switch self {
        case .apiKey: return ["x-api-key"]
        case .userPool, .oidc, .lambda: return ["Authorization"]
        case .iam: return ["Host", "X-Amz-Date", "X-Amz-Security-Token (with temporary credentials)", "Authorization"]
        case .none: return []
        }
    }
}
