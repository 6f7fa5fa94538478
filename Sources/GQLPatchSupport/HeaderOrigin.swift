/// Where a header's value came from, which fixes the exit code of a value that cannot go on the
/// wire: a flag is a usage error (64), a file, environment variable or configuration is a
/// configuration error (78), a value a server handed over (STS, container, instance metadata) is a
/// protocol error (76).
public enum HeaderOrigin: Sendable, Hashable {
    /// A command-line flag (`--header`, `--api-key`, `--token`).
    case flag
    /// The environment, a configuration or credentials file, `credential_process`, or gqlpatch itself
    /// (built from the endpoint).
    case configuration
    /// A server's answer (credentials from STS, the container endpoint or instance metadata).
    case server

    public var exitCode: ExitCode {
        switch self {
        case .flag: return .usage
        case .configuration: return .configuration
        case .server: return .badResponse
        }
    }

    /// For messages: `from a command-line flag`, ...
    package var phrase: String {
        switch self {
        case .flag: return "from a command-line flag"
        case .configuration: return "from the environment or configuration"
        case .server: return "from a server's answer"
        }
    }
}
