import Foundation
import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// A fake `HTTPTransport` for the credential tests: records every request and answers each with
/// `respond`, which may also throw a transport error (an unreachable host).
package struct RecordingTransport: HTTPTransport {
    package let log = RequestLog()
    package let respond: @Sendable (HTTPRequest) throws(GQLPatchError) -> HTTPResponse

    package init(_ respond: @escaping @Sendable (HTTPRequest) throws(GQLPatchError) -> HTTPResponse) {
        self.respond = respond
    }

    /// A transport that answers nothing: every request is a connection failure.
    package static var unreachable: RecordingTransport {
        RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            throw GQLPatchError(.unavailable, "request to \(request.url) timed out after 1 s")
        }
    }

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        log.append(request, timeout: timeout)
        return try respond(request)
    }

    package var requests: [HTTPRequest] { log.requests }
    package var timeouts: [Double] { log.timeouts }
}
