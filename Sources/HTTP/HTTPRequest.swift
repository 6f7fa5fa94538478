import GQLPatchSupport

/// An HTTP request as the transport sends it.
public struct HTTPRequest: Sendable {
    public var url: String
    public var method: String
    public var headers: [HeaderField]
    public var body: [UInt8]
    /// The secrets the request carries or was made with (keys, tokens, the secret key that signed it):
    /// registered with the run's `SecretScrubber` when it is sent, so nothing printed afterwards shows
    /// them, whatever a server echoes back. Never sent themselves.
    public var secrets: [String]
    /// Whether the transport may send the request once more, on a fresh connection, when a kept
    /// connection closed before any byte of the answer came (the server closing an idle connection
    /// as the request went out). True for gqlpatch's own requests: reads, and writes that are
    /// guarded or that write the same values again (the answer says it was sent twice, so a
    /// conflict that follows is checked against the record). False for a hand-written mutation.
    public var resendable = true
    /// A narrower limit on this exchange's response body than the transport's (a Cognito answer is
    /// a few kilobytes); nil: the transport's.
    public var maximumResponseBytes: Int?

    public init(
        url: String, method: String = "POST", headers: [HeaderField] = [], body: [UInt8] = [], secrets: [String] = []
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.secrets = secrets
    }

    /// The last guard before the wire, whatever built the request: every header name and value is
    /// checked byte by byte (`HeaderCheck`), refused with its origin's exit code, and so is the URL.
    /// The response limit for this request under a transport's `limit`.
    package func responseLimit(under limit: Int) -> Int {
        maximumResponseBytes.map { min($0, limit) } ?? limit
    }

    package func checkHeaders() throws(GQLPatchError) {
        if let problem = HeaderCheck.problem(inValue: url) {
            throw .configuration("the URL of a request holds \(problem); nothing was sent")
        }
        for header in headers { try HeaderCheck.check(header) }
    }
}
