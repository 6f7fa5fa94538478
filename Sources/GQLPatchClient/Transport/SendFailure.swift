/// How one try of a GraphQL request ended, as far as trying it again is concerned.
package enum SendFailure: Sendable, Equatable {
    /// No connection was made (refused, unknown host): the request cannot have arrived.
    case notConnected
    /// The connection broke or timed out after the request may have arrived.
    case connectionLost
    /// HTTP 5xx.
    case serverError(status: Int)
    /// HTTP 429 (or a throttling error in a 200), with the `Retry-After` header if any.
    case throttled(retryAfter: String?)
    /// Anything else (4xx, GraphQL errors, a response that is not GraphQL): never retried.
    case final

    package var isThrottled: Bool {
        if case .throttled = self { return true }
        return false
    }
}
