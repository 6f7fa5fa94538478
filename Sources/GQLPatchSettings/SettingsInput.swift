import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport

/// What the caller gave for a run's settings, checked and typed but not resolved (nil: not given),
/// named by what each value is. Settings read it with the environment and the config file in the
/// documented precedence; the command line builds it from its given.
package struct SettingsInput: Sendable {
    /// The GraphQL endpoint URL.
    package var endpoint: String?
    /// The API named by its id: its endpoints, default auth mode, user pool and schema come from
    /// AppSync's control plane (`APIByID`).
    package var apiID: String?
    /// Ask the control plane again rather than read the API's cached description and schema.
    package var refreshAPI = false
    /// The schema file or folder.
    package var schemaPath: String?
    /// The Amplify config file; given, it is read whatever else is given.
    package var configPath: String?
    package var auth: AuthMode?
    package var apiKey: String?
    /// A token, or `@FILE` for the file holding it.
    package var token: String?
    /// The user to sign in to the user pool as.
    package var username: String?
    /// The file holding the user's password (the password itself is never given as a value).
    package var passwordFile: String?
    package var authFlow: UserPoolCredentials.Flow?
    /// The app client's secret, or `@FILE`.
    package var clientSecret: String?
    package var mfaCode: String?
    package var tokenUse: UserPoolTokens.Use?
    package var userPoolID: String?
    package var clientID: String?
    /// Neither read nor write the sign-in token cache nor the guest identity cache.
    package var noCache = false
    /// Extra headers for every request.
    package var headers: [HeaderField] = []
    /// Seconds for each HTTP request; nil: the default.
    package var timeout: Double?
    package var region: String?
    package var profile: String?
    /// Credentials from a Cognito identity pool instead of the AWS chain, and whose.
    package var identity: IdentityKind?
    package var identityPoolID: String?
    package var conflictResolution: ConflictResolution = .auto
    package var retryConflicts = 3
    /// Send nothing; plan.
    package var dryRun = false
    package var output: OutputMode = .record
    /// Pretty (true) or compact (false) JSON; nil: pretty on a terminal.
    package var pretty: Bool?
    package var verbose = false
    /// Credentials may go over plain http, and through a proxy that way.
    package var allowInsecureHTTP = false

    /// The named environment to use (`gqlpatch env add`); nil: `GQLPATCH_ENV`, or `env use`'s default.
    package var environmentName: String?

    package init() {}
}
