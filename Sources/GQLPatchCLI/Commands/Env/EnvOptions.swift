/// `gqlpatch env add NAME [--api-key-env VAR | --api-key-file PATH] [--protect]` (the API's place and
/// auth from the global options given with it), `env list`, `env show [NAME]`, `env remove NAME`,
/// `env use NAME`.
public struct EnvOptions: Sendable {
    public enum Action: String, Sendable, CaseIterable {
        /// Store a named environment.
        case add
        /// Print every stored environment.
        case list
        /// Print what a run would use, value by value, and where each value comes from.
        case show
        /// Forget an environment.
        case remove
        /// Make an environment the default (in a folder without an Amplify config).
        case use
    }

    public var action: Action
    /// The environment's name (add, remove, use; show's optional one).
    public var name: String?
    /// `--api-key-env VAR`: the environment variable that holds the API key.
    public var apiKeyVariable: String?
    /// `--api-key-file PATH`: the file that holds the API key.
    public var apiKeyFile: String?
    /// `--protect`: a write to it asks for its name to be typed, or `--yes`.
    public var protect = false

    public init(action: Action) {
        self.action = action
    }
}
