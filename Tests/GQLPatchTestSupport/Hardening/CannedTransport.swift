import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// Answers every request with the same response, refusing one larger than `limit` (what a
/// transport was made with: `TransportConfiguration.maximumResponseBytes`).
package struct CannedTransport: HTTPTransport {
    package var response: HTTPResponse
    package var limit: Int?

    package init(status: Int = 200, body: String, limit: Int? = nil) {
        response = HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Array(body.utf8))
        self.limit = limit
    }

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if let limit, response.body.count > limit {
            throw GQLPatchError(.badResponse, "the response is larger than \(limit) bytes")
        }
        return response
    }
}
