/// A signed-in user's tokens and when the ID and access tokens expire. The tokens are secrets.
public struct UserPoolTokens: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Which token goes into `Authorization` (`--token-use`).
    public enum Use: String, Sendable, CaseIterable {
        /// The ID token: what Amplify's API category sends by default.
        case id
        case access
    }

    public var idToken: String
    public var accessToken: String
    /// Absent after a refresh that handed none back (the old one is kept).
    public var refreshToken: String?
    /// When Cognito handed them over, seconds since 1970.
    public var obtainedAt: Int
    /// When the ID and access tokens expire, seconds since 1970.
    public var expiresAt: Int

    public init(idToken: String, accessToken: String, refreshToken: String?, obtainedAt: Int, expiresAt: Int) {
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.obtainedAt = obtainedAt
        self.expiresAt = expiresAt
    }

    /// The most seconds before expiry that tokens are renewed: five minutes, or a quarter of their
    /// lifetime when that is shorter (short-lived test tokens are not renewed at every request).
    public static let refreshWindow = 300

    /// Whether they should be renewed at `now`: within the refresh window of their expiry.
    public func needsRefresh(now: Int) -> Bool {
        let window = min(Self.refreshWindow, max(0, expiresAt - obtainedAt) / 4)
        return now >= expiresAt - window
    }

    public func isExpired(now: Int) -> Bool { now >= expiresAt }

    public func token(for use: Use) -> String { use == .id ? idToken : accessToken }

    public var secrets: [String] { [idToken, accessToken] + (refreshToken.map { [$0] } ?? []) }

    /// Never the tokens themselves, should a value be interpolated by mistake.
    public var description: String {
        "UserPoolTokens(obtainedAt: \(obtainedAt), expiresAt: \(expiresAt), refreshToken: \(refreshToken != nil))"
    }
    public var debugDescription: String { description }
}
