/// What a user signs in with. Every value but `username` is a secret: never printed, registered with
/// the run's scrubber by the requests that carry them.
public struct UserPoolCredentials: Sendable {
    /// `USER_SRP_AUTH` (Amplify's default) or `USER_PASSWORD_AUTH`.
    public enum Flow: String, Sendable, CaseIterable {
        case srp
        case password

        /// Cognito's `AuthFlow` name.
        public var cognitoName: String { self == .srp ? "USER_SRP_AUTH" : "USER_PASSWORD_AUTH" }
    }

    public var username: String
    /// Nil when none was given: enough for tokens that are cached or can be refreshed.
    public var password: String?
    public var flow: Flow
    /// The app client's secret, when it has one (`SECRET_HASH` is sent then).
    public var clientSecret: String?
    /// A one-time code for `SOFTWARE_TOKEN_MFA` (`--mfa-code`).
    public var mfaCode: String?
    /// A base32 TOTP secret the code is computed from (`GQLPATCH_TOTP_SECRET`) when no code is given.
    public var totpSecret: String?

    public init(
        username: String, password: String?, flow: Flow = .srp, clientSecret: String? = nil, mfaCode: String? = nil,
        totpSecret: String? = nil
    ) {
        self.username = username
        self.password = password
        self.flow = flow
        self.clientSecret = clientSecret
        self.mfaCode = mfaCode
        self.totpSecret = totpSecret
    }

    /// The secrets, for a request's `secrets`.
    public var secrets: [String] { [password, clientSecret, mfaCode, totpSecret].compactMap { $0 } }
}
