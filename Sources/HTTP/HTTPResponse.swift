/// An HTTP response: status, headers (names lower-cased) and body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]
    /// The request was sent twice to get this answer (`HTTPRequest.resendable`): the first may have
    /// been applied too.
    public var resent = false

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
