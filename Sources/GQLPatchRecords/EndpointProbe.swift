import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport
import JSON

/// One cheap authenticated request (`query GQLPatchProbe { __typename }`: no resolver, no data)
/// that says whether an endpoint answers and takes the credentials, sent before a long job reads
/// anything else (`copy`, `import`), so a wrong target fails in milliseconds rather than after the
/// source is read.
package enum EndpointProbe {
    package static let request = GraphQLRequestBody(
        query: "query GQLPatchProbe { __typename }", variables: JSONObject(), operationName: "GQLPatchProbe")

    /// Throws what would stop the job there: the endpoint unreachable or not a GraphQL endpoint (the
    /// send's own failure), the credentials refused (77), or throttling after every try (75). Any
    /// other GraphQL error (an API that refused the field itself) is not the endpoint's fault: it passes.
    package static func check(_ sender: RetryingSender) async throws(GQLPatchError) {
        let response = try await sender.send(request).result.get()
        guard let failure = response.failure else { return }
        if failure.code == .unauthorized || failure.code == .throttled { throw failure }
    }
}
