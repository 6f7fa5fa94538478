import GQLPatchClient
import GQLPatchOperations
import GQLPatchSettings
import GQLPatchSupport

/// The global options as the command line gave them (before or after any command), checked and
/// typed but not resolved: nil is "not given". `Settings` is what a run uses once the environment,
/// the config file and the defaults are read in; `CommandSession` is what then talks to the server
/// and prints. Declared for the parser and the help in `GlobalOptions.table`.
public struct GlobalOptions: Sendable {
    public var endpoint: String?
    /// `--api-id`: the API named by its id, described by the control plane.
    public var apiID: String?
    public var schemaPath: String?
    public var configPath: String?
    /// `--auth MODE`, checked when parsed.
    public var auth: AuthMode?
    public var apiKey: String?
    public var token: String?
    /// `--username NAME`: sign in to the user pool as this user (`--auth user-pool`).
    public var username: String?
    /// `--password-file PATH`: the password's file (the password itself is never an argument).
    public var passwordFile: String?
    public var authFlow: UserPoolCredentials.Flow?
    /// `--client-secret SECRET` or `@FILE`.
    public var clientSecret: String?
    public var mfaCode: String?
    public var tokenUse: UserPoolTokens.Use?
    public var userPoolID: String?
    public var clientID: String?
    /// `--no-cache`: neither read nor write the sign-in token cache nor the guest identity cache.
    public var noCache = false
    public var headers: [HeaderField] = []
    /// Seconds for each HTTP request.
    public var timeout: Double?
    public var region: String?
    public var profile: String?
    /// `--identity guest|user`: credentials from a Cognito identity pool instead of the AWS chain.
    public var identity: IdentityKind?
    /// `--identity-pool-id ID`.
    public var identityPoolID: String?
    public var conflictResolution: ConflictResolution = .auto
    public var retryConflicts: Int = 3
    public var dryRun = false
    public var output: OutputMode = .record
    /// `--compact` (false) / `--pretty` (true); nil: pretty on a terminal, compact otherwise.
    public var pretty: Bool?
    public var verbose = false
    public var allowInsecureHTTP = false
    /// `--env NAME`: the named environment (`gqlpatch env add`).
    public var environmentName: String?
    /// `--yes`: go on with a write that asks first (many records; a protected environment) without
    /// asking (needed where no terminal can).
    public var yes = false
    /// `--max-response-mb N` in bytes: the largest response body accepted (default 64 MB).
    public var maxResponseBytes: Int?
    /// `--undo-log FILE`: log each write with the record before it, for `gqlpatch undo`.
    public var undoLog: String?

    public init() {}
}
