/// An HTTP request as the transport sends it.
public struct HTTPRequest: Sendable {
    public var url: String
    public var method: String
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(url: String, method: String = "POST", headers: [HeaderField] = [], body: [UInt8] = []) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}
