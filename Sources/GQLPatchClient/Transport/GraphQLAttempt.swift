import GQLPatchSupport

/// One try of a GraphQL request (`GraphQLClient.attempt`): the classified answer or the error, what
/// kind of failure it was (nil for an answer to keep), and whether the transport sent the request
/// twice to get it (a kept connection died first: the first may have been applied).
package struct GraphQLAttempt: Sendable {
    package var result: Result<GraphQLResponse, GQLPatchError>
    package var failure: SendFailure?
    package var resent: Bool
}
