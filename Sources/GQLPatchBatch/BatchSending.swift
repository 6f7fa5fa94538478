import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport

/// Sends one GraphQL request for a batch line, with whatever retrying the sender does. The record
/// executor and the rollback talk to the server only through this (unit tests fake it).
package protocol BatchSending: Sendable {
    func send(_ request: GraphQLRequestBody) async -> BatchSendOutcome
}

/// The answer to a request after retries: the response or the final error, how many tries it took,
/// and whether an earlier try may have been applied although its answer was lost.
package struct BatchSendOutcome: Sendable {
    package var result: Result<GraphQLResponse, GQLPatchError>
    package var attempts: Int
    /// An earlier try broke off after the request may have reached the server (connection lost,
    /// timeout, HTTP 5xx): a conflict or failed condition now may be that try's own doing.
    package var ambiguous: Bool
}
