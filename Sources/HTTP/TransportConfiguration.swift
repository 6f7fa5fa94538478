/// What a transport is made for, given when it is made (nothing of it changes afterwards): a run
/// makes its command transport with the response limit, and a batch's with `batch`.
public struct TransportConfiguration: Sendable, Equatable {
    /// The largest response body read (`--max-response-mb`); a request may narrow it for itself
    /// (`HTTPRequest.maximumResponseBytes`).
    public var maximumResponseBytes: Int
    /// The endpoint of a batch: many requests in flight to it at once, on one thread (an event
    /// loop); nil: one request at a time (a command's few).
    public var batchEndpoint: String?

    public init(maximumResponseBytes: Int = 64 << 20, batchEndpoint: String? = nil) {
        self.maximumResponseBytes = maximumResponseBytes
        self.batchEndpoint = batchEndpoint
    }
}
