import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport

/// Sends one GraphQL request for a batch line, with whatever retrying the sender does. The record
/// executor and the rollback talk to the server only through this (unit tests fake it).
package protocol BatchSending: Sendable {
    func send(_ request: GraphQLRequestBody) async -> BatchSendOutcome
}

/// The answer to a request after retries (`SendOutcome`).
package typealias BatchSendOutcome = SendOutcome
