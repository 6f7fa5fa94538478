import GQLPatchCLI
import GQLPatchBatch
import GQLPatchRecords
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchClient
import GQLPatchSupport

extension HTTPResponse {
    /// A response with a text body.
    static func text(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(body.utf8))
    }
}
