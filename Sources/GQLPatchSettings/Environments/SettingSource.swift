/// Where one value a run uses came from (`env show`).
package enum SettingSource: Sendable, Equatable {
    /// The command line's own flag.
    case commandLine
    /// A named environment's value, and what chose the environment.
    case environment(String, EnvironmentChoice.Reason)
    /// An environment variable (`GQLPATCH_ENDPOINT`).
    case variable(String)
    /// The Amplify config file.
    case config(String)
    /// What AppSync's control plane says of the API named by this id (`--api-id`).
    case api(String)
}
