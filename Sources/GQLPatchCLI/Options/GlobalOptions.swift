import GQLPatchOperations
import GQLPatchSupport

/// Options accepted before or after any command.
public struct GlobalOptions: Sendable {
    public var endpoint: String?
    public var schemaPath: String?
    public var configPath: String?
    /// The `--auth` value as given (`api-key`, `iam`, `user-pool`, `oidc`, `lambda`, `none`).
    public var auth: String?
    public var apiKey: String?
    public var token: String?
    public var headers: [HeaderField] = []
    /// Seconds for each HTTP request.
    public var timeout: Double?
    public var region: String?
    public var profile: String?
    public var conflictResolution: ConflictResolution = .auto
    public var retryConflicts: Int = 3
    public var dryRun = false
    public var output: OutputMode = .record
    /// `--compact` (false) / `--pretty` (true); nil: pretty on a terminal, compact otherwise.
    public var pretty: Bool?
    public var verbose = false
    public var allowInsecureHTTP = false
    /// `--max-response-mb N` in bytes: the largest response body accepted (default 64 MB). Not in
    /// `--help`; documented in the README's limits.
    public var maxResponseBytes: Int?

    public init() {}

    /// The auth modes `--auth` accepts.
    public static let authModes = ["api-key", "iam", "user-pool", "oidc", "lambda", "none"]
}
