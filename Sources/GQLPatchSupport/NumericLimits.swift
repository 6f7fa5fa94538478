/// The allowed range of every numeric option and `apply` line field, checked when it is read
/// (README "Limits"): a value outside it is refused with the range (exit 64 for an option, 65 for an
/// `apply` line) instead of trapping in a conversion later, waiting for years, or being sent where
/// GraphQL's 32-bit `Int` cannot hold it.
package enum NumericLimits {
    /// GraphQL's `Int` is 32-bit signed: what is sent as one (`_version`, a `limit`) must fit.
    package static let graphQLIntMax = Int(Int32.max)
    /// The `_version` a write expects the record at (a command's or an `apply` line's): sent as `_version`.
    package static let version = 0...graphQLIntMax
    /// A listing's record count and page size.
    package static let count = 1...graphQLIntMax
    /// `--timeout` seconds: at least a millisecond (libcurl counts in them), at most a day.
    package static let timeout: ClosedRange<Double> = 0.001...86_400
    /// `apply --rate` requests a second: at most 100 s between requests.
    package static let rate: ClosedRange<Double> = 0.01...1_000_000
    /// `--retry-conflicts`.
    package static let retryConflicts = 0...100
    /// `apply -j`.
    package static let concurrency = 1...256
    /// `apply --max-attempts`.
    package static let maxAttempts = 1...100
    /// `--max-response-mb`.
    package static let responseMegabytes = 1...4096

    /// `1000000` for a whole bound, `0.001` otherwise.
    package static func shown(_ bound: Double) -> String {
        bound == bound.rounded() && bound.magnitude < 1e15 ? String(Int(bound)) : String(bound)
    }
}
