import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// Answers every request with the same response, and remembers the limit it was given through
/// `limitingResponses(to:)`.
package struct CannedTransport: HTTPTransport {
    package var response: HTTPResponse
    package var limit: Int?

    package init(status: Int = 200, body: String) {
        response = HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if let limit, response.body.count > limit {
            throw GQLPatchError(.badResponse, "the response is larger than \(limit) bytes")
        }
        return response
    }

    package func limitingResponses(to bytes: Int) -> any HTTPTransport {
        var limited = self
        limited.limit = bytes
        return limited
    }
}
