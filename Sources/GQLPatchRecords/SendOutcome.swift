import GQLPatchClient
import GQLPatchSupport

/// The answer to a request after retries: the response or the final error, how many tries it took,
/// and whether an earlier try may have been applied although its answer was lost.
package struct SendOutcome: Sendable {
    package var result: Result<GraphQLResponse, GQLPatchError>
    package var attempts: Int
    /// An earlier try broke off after the request may have reached the server (connection lost,
    /// timeout, HTTP 5xx), or the transport sent it twice: a conflict or failed condition now may be
    /// that try's own doing.
    package var ambiguous: Bool

    package init(result: Result<GraphQLResponse, GQLPatchError>, attempts: Int, ambiguous: Bool) {
        self.result = result
        self.attempts = attempts
        self.ambiguous = ambiguous
    }
}
