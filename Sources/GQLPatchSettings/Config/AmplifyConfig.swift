import GQLPatchClient
import JSON

/// The GraphQL API settings read from an Amplify client configuration file.
public struct AmplifyConfig: Sendable {
    /// Which kind of file they came from.
    public enum Generation: String, Sendable {
        /// Gen 2 `amplify_outputs.json`.
        case gen2 = "amplify_outputs.json"
        /// Gen 1 `amplifyconfiguration.json`.
        case gen1 = "amplifyconfiguration.json"
    }

    /// The file the settings were read from.
    public var file: String
    public var generation: Generation
    /// The GraphQL endpoint URL.
    public var endpoint: String
    public var region: String
    /// The API key, when the file has one. Never printed.
    public var apiKey: String?
    public var defaultAuthMode: AuthMode
    /// Other modes the API accepts (Gen 2 `authorization_types`; empty for Gen 1).
    public var additionalAuthModes: [AuthMode]
    /// Gen 2 `data.model_introspection`, when present.
    public var modelIntrospection: JSONValue?
    /// The Cognito identity pool (Gen 2 `auth.identity_pool_id`, Gen 1
    /// `auth.plugins.awsCognitoAuthPlugin.CredentialsProvider.CognitoIdentity.Default.PoolId`), when present.
    public var identityPoolID: String?
    /// Where `identityPoolID` was read, for messages (`auth.identity_pool_id`).
    public var identityPoolPath: String?
    /// The user pool an app signs in to, when the file has one.
    public var userPool: AmplifyUserPool?
    /// Things the user should know about how the file was read (`3 APIs ...; using "x"`).
    public var notes: [String]

    public init(
        file: String, generation: Generation, endpoint: String, region: String, apiKey: String? = nil,
        defaultAuthMode: AuthMode, additionalAuthModes: [AuthMode] = [], modelIntrospection: JSONValue? = nil,
        userPool: AmplifyUserPool? = nil, notes: [String] = []
    ) {
        self.file = file
        self.generation = generation
        self.endpoint = endpoint
        self.region = region
        self.apiKey = apiKey
        self.defaultAuthMode = defaultAuthMode
        self.additionalAuthModes = additionalAuthModes
        self.modelIntrospection = modelIntrospection
        self.userPool = userPool
        self.notes = notes
    }
}
