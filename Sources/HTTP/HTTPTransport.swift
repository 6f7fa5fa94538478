import GQLPatchSupport

/// Sends one HTTP request: the one requirement of every HTTP client (gqlpatch's own, libcurl's, a
/// decorator, a test's fake). What a client is made for (its response limit, batch mode) is given
/// when it is made (`TransportMaker`); what may not be sent is refused here, before the wire.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse
}
