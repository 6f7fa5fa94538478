import GQLPatchSupport

/// A transport that could not be made: every request is refused with why, and nothing is sent.
public struct FailedTransport: HTTPTransport {
    public let failure: GQLPatchError

    public init(_ failure: GQLPatchError) {
        self.failure = failure
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        throw failure
    }
}
