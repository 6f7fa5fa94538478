import GQLPatchClient

/// What stops settings from resolving where the way out is input the caller gives: a value missing,
/// given where it does not apply, or a request that would carry secrets in clear. Settings report
/// these by what they are; the caller's `SettingsWording` says them in its own terms (its options and
/// their exit codes), so no message here names a flag.
package enum SettingsProblem: Sendable, Equatable {
    /// What a refused plain-http request would have carried.
    package enum Carried: Sendable, Equatable {
        /// The run's credentials (its authorizer's).
        case credentials
        /// Credentials in an extra header the caller gave, named.
        case credentialHeader(String)
        /// A request for a Cognito identity pool's credentials.
        case identityCredentials
        /// A user-pool sign-in's password.
        case password
    }

    /// No endpoint given, and no config to read one from.
    case noEndpoint
    /// A run that sends has no credentials and no auth mode.
    case noCredentials
    /// No schema given or found.
    case noSchema
    /// The schema path given (by the caller, or by `GQLPATCH_SCHEMA` when `fromEnvironment`) cannot
    /// be read; `message` says why, naming the path.
    case unreadableSchema(message: String, fromEnvironment: Bool)
    /// The endpoint (shown redacted) holds `user:password@`.
    case endpointHoldsUserInfo(endpoint: String)
    /// Credentials for a plain-http endpoint (redacted) that is not loopback.
    case plainHTTP(Carried, endpoint: String)
    /// A plain-http request with `carried` would go through `proxy` (on another machine), chosen by
    /// the environment's `variable`.
    case proxyInClear(Carried, endpoint: String, proxy: String, variable: String)
    /// Auth mode api-key with no key.
    case noAPIKey
    /// A token mode (user-pool, oidc, lambda) with no token (nor, for user-pool, a user to sign in as).
    case noToken(AuthMode)
    /// An identity pool id given without an identity.
    case identityPoolIDWithoutIdentity
    /// An identity asked with an auth mode other than iam; `modeGiven`: the mode was given rather than
    /// read from the environment or a config.
    case identityNeedsIAM(IdentityKind, mode: AuthMode, modeGiven: Bool)
    /// The identity pool id given is not `REGION:ID`.
    case badIdentityPoolID(String)
    /// An identity asked and no pool id anywhere; `config`: the config file read, which had none.
    case noIdentityPool(IdentityKind, config: String?)
    /// The Cognito identity endpoint (redacted) is plain http.
    case identityEndpointInClear(endpoint: String)
    /// The user identity with neither an ID token nor a user to sign in as.
    case noIDToken
    /// A sign-in with no user pool id.
    case noUserPoolID
    /// A sign-in with no app client id.
    case noAppClientID
    /// A sign-in with no user.
    case noUsername
    /// A sign-in's password would go to a plain-http Cognito endpoint (redacted).
    case passwordInClear(endpoint: String)
}
