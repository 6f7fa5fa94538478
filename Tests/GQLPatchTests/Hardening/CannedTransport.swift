import GQLPatchCLI
import GQLPatchBatch
import GQLPatchRecords
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchClient
import GQLPatchSupport

/// Answers every request with the same response, and remembers the limit it was given through
/// `limitingResponses(to:)`.
struct CannedTransport: HTTPTransport {
    var response: HTTPResponse
    var limit: Int?

    init(status: Int = 200, body: String) {
        response = HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }

    func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        if let limit, response.body.count > limit {
            throw GQLPatchError(.badResponse, "the response is larger than \(limit) bytes")
        }
        return response
    }

    func limitingResponses(to bytes: Int) -> any HTTPTransport {
        var limited = self
        limited.limit = bytes
        return limited
    }
}
