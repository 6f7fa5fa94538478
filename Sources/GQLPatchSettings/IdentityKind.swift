/// `--identity guest|user`: whose Cognito identity-pool credentials `--auth iam` signs with.
public enum IdentityKind: String, Sendable, CaseIterable {
    /// Unauthenticated (guest) credentials: `GetId` without `Logins`.
    case guest
    /// The signed-in user's: `Logins` carries the user pool's ID token.
    case user
}
