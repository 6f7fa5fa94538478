import GQLPatchSupport

/// How one HTTP exchange ended, whichever client carried it.
package enum TransferOutcome: Sendable {
    /// A complete HTTP response.
    case response(HTTPResponse)
    /// The exchange failed (`TransportFailure.stage` says how far it got).
    case failed(TransportFailure)
    /// The response broke HTTP's rules in a way a lenient client lets through (`Content-Length`
    /// twice, differing).
    case malformed(String)
    /// The body passed the transport's limit (or its announced length did): the transfer was stopped.
    case oversized

    /// The response, or the error that words how the exchange failed (`limit`: the response limit
    /// the client enforced, for the message).
    package func response(url: String, limit: Int, timeout: Double) throws(GQLPatchError) -> HTTPResponse {
        // Parsed only when a message needs it: the endpoint was checked before any request was made.
        var host: String { Self.host(of: url) }
        switch self {
        case .response(let response):
            return response
        case .oversized:
            throw GQLPatchError(.badResponse, "the response from \(host) is larger than \(Self.describe(limit))")
        case .malformed(let reason):
            var error = GQLPatchError(.badResponse, "the response from \(host) is not valid HTTP: \(reason)")
            error.requestMayHaveArrived = true
            throw error
        case .failed(let failure):
            throw failure.error(host: host, timeout: timeout, url: url)
        }
    }

    /// The host the messages name.
    package static func host(of url: String) -> String {
        AWSEndpointURL(url)?.host ?? url
    }

    /// `64 MB`, or the bytes when the limit is not a whole number of MB.
    package static func describe(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
