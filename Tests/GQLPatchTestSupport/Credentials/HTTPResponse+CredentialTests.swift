import GQLPatchClient
import GQLPatchSupport
import HTTP

extension HTTPResponse {
    /// A response with a text body.
    package static func text(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(body.utf8))
    }
}
