/// How requests are authorised, as the CLI spells it (`--auth api-key`).
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
}
