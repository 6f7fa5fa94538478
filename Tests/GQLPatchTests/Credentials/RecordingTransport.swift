import Foundation
import GQLPatchCLI
import GQLPatchBatch
import GQLPatchRecords
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchClient
import GQLPatchSupport

/// A fake `HTTPTransport` for the credential tests: records every request and answers each with
/// `respond`, which may also throw a transport error (an unreachable host).
struct RecordingTransport: HTTPTransport {
    let log = RequestLog()
    let respond: @Sendable (HTTPRequest) throws(GQLPatchError) -> HTTPResponse

    init(_ respond: @escaping @Sendable (HTTPRequest) throws(GQLPatchError) -> HTTPResponse) {
        self.respond = respond
    }

    /// A transport that answers nothing: every request is a connection failure.
    static var unreachable: RecordingTransport {
        RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            throw GQLPatchError(.unavailable, "request to \(request.url) timed out after 1 s")
        }
    }

    func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        log.append(request, timeout: timeout)
        return try respond(request)
    }

    var requests: [HTTPRequest] { log.requests }
    var timeouts: [Double] { log.timeouts }
}
