/// An HTTP request as the signer sees it: exactly the parts that go into the canonical request.
public struct SigningRequest: Sendable {
    /// The HTTP method, e.g. `POST`.
    public var method: String
    /// The path as it is to be signed, unencoded (it may hold spaces or non-ASCII text), e.g. `/graphql`.
    public var path: String
    /// The raw query string without the leading `?`; empty when there is none.
    public var query: String
    /// The headers in request order. A name may repeat; names are matched without regard to case.
    public var headers: [(name: String, value: String)]
    /// The exact body bytes that will be sent.
    public var body: [UInt8]

    /// Makes a request to sign.
    public init(
        method: String,
        path: String,
        query: String = "",
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}
