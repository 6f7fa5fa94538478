/// Sends one HTTP request. The one place the library is `async`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse
}
