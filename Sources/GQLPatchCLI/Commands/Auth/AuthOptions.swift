/// `gqlpatch auth login | status | logout [--everywhere]`.
public struct AuthOptions: Sendable {
    public enum Action: String, Sendable, CaseIterable {
        /// Sign in with the password and cache the tokens.
        case login
        /// Who is signed in, to which pool, until when.
        case status
        /// Forget the cached tokens (and revoke them everywhere with `--everywhere`).
        case logout
    }

    public var action: Action
    /// `logout --everywhere`: Cognito's GlobalSignOut too.
    public var everywhere: Bool

    public init(action: Action, everywhere: Bool = false) {
        self.action = action
        self.everywhere = everywhere
    }
}
