/// The process exit codes gqlpatch documents (README "Exit codes").
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Done (also: nothing to change).
    case success = 0
    /// GraphQL errors of any other kind.
    case graphQLError = 1
    /// Conflict or failed condition.
    case conflict = 2
    /// No record for that key.
    case notFound = 3
    /// Some lines of a batch failed (`apply`).
    case partialFailure = 4
    /// Usage: unknown flag, missing value, no command (EX_USAGE).
    case usage = 64
    /// Input does not fit the schema (EX_DATAERR).
    case invalidInput = 65
    /// A file named on the command line cannot be read (EX_NOINPUT).
    case unreadableFile = 66
    /// Endpoint unreachable, timeout, HTTP 5xx (EX_UNAVAILABLE).
    case unavailable = 69
    /// Output could not be written: standard output is full or broken, or (`apply`) its reader
    /// closed it while lines were left (EX_IOERR).
    case ioError = 74
    /// Throttled, HTTP 429 (EX_TEMPFAIL).
    case throttled = 75
    /// The response is not a GraphQL JSON response (EX_PROTOCOL).
    case badResponse = 76
    /// HTTP 401/403 or Unauthorized (EX_NOPERM).
    case unauthorized = 77
    /// Configuration: no endpoint, schema syntax error, missing credentials (EX_CONFIG).
    case configuration = 78
    /// `watch` or `wait` reached its `--timeout` first (as `timeout(1)` exits).
    case timedOut = 124
    /// Interrupted by SIGINT.
    case interrupted = 130
    /// The reader of standard output closed it early (`| head`): the run ends quietly, with the
    /// status a process ended by SIGPIPE has (128 + 13), as `yes | head` leaves it.
    case readerClosed = 141
    /// Stopped by SIGTERM (`apply`, which ends its run cleanly first).
    case terminated = 143
}
