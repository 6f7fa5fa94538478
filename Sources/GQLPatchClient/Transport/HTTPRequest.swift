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

    public init(
        url: String, method: String = "POST", headers: [HeaderField] = [], body: [UInt8] = [], secrets: [String] = []
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.secrets = secrets
    }
}
