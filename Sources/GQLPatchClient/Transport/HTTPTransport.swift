import GQLPatchSupport

/// Sends one HTTP request. The one place the library is `async`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse

    /// This transport with response bodies limited to `bytes` (`--max-response-mb`). Transports
    /// that do not read from the network return themselves.
    func limitingResponses(to bytes: Int) -> any HTTPTransport

    /// Told as soon as a run knows it will send: a transport may get ready in the background (libcurl
    /// is loaded on a thread of its own). Nothing is sent.
    func prepare()

    /// An executor that runs tasks on the transport's own thread, for a batch whose every step is
    /// cheap and short; nil: the default executor.
    var taskExecutor: (any TaskExecutor)? { get }
}

extension HTTPTransport {
    public func limitingResponses(to bytes: Int) -> any HTTPTransport { self }
    public func prepare() {}
    public var taskExecutor: (any TaskExecutor)? { nil }
}
