import GQLPatchSupport

/// Sends one HTTP request. The one place the library is `async`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse

    /// This transport with response bodies limited to `bytes` (`--max-response-mb`). Transports
    /// that do not read from the network return themselves.
    func limitingResponses(to bytes: Int) -> any HTTPTransport

    /// Told once a run knows the endpoint it will send to: a transport may get ready for it in the
    /// background (libssl for https). Nothing is sent.
    func prepare(endpoint: String)

    /// Throws what stops every request (libcurl cannot be loaded), waiting for a load in progress;
    /// nothing is sent.
    func checkReady() throws(GQLPatchError)

    /// The transport for a batch's many requests in flight at once (an event loop, whose thread
    /// `taskExecutor` offers); self when the transport has no other.
    func forBatches() -> any HTTPTransport

    /// `forBatches` for a batch sent to `endpoint` (a transport may choose by it).
    func forBatches(endpoint: String) -> any HTTPTransport

    /// An executor that runs tasks on the transport's own thread, for a batch whose every step is
    /// cheap and short; nil: the default executor.
    var taskExecutor: (any TaskExecutor)? { get }
}

extension HTTPTransport {
    public func limitingResponses(to bytes: Int) -> any HTTPTransport { self }
    public func prepare(endpoint: String) {}
    public func forBatches() -> any HTTPTransport { self }
    public func forBatches(endpoint: String) -> any HTTPTransport { forBatches() }
    public func checkReady() throws(GQLPatchError) {}
    public var taskExecutor: (any TaskExecutor)? { nil }
}
