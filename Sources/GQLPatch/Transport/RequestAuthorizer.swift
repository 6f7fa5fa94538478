/// Adds a request's credentials: `x-api-key`, a raw token in `Authorization` (no "Bearer"),
/// or nothing.
public enum RequestAuthorizer: Sendable {
    case apiKey(String)
    case token(String)
    case none

    /// The auth mode's CLI name, for `--dry-run` and messages.
    public var modeName: String {
        switch self {
        case .apiKey: return "api-key"
        case .token: return "token"
        case .none: return "none"
        }
    }

    /// The secrets this authorizer holds, so output can be checked for them.
    public var secrets: [String] {
        switch self {
        case .apiKey(let key): return [key]
        case .token(let token): return [token]
        case .none: return []
        }
    }

    public func authorize(_ request: inout HTTPRequest) {
        switch self {
        case .apiKey(let key): request.headers.append(HeaderField(name: "x-api-key", value: key))
        case .token(let token): request.headers.append(HeaderField(name: "Authorization", value: token))
        case .none: break
        }
    }
}
