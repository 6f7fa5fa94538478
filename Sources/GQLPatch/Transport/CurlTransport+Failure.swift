import CCurl

#if canImport(Glibc)
    import Glibc
#endif

extension CurlTransport {
    /// The error for a transfer curl gave up on: what went wrong, in the words the rest of gqlpatch
    /// (and the retry policy, which reads the `cannot connect` and `cannot find host` prefixes) expects.
    static func failure(code: Int, osErrno: Int, detail: String, host: String, timeout: Double) -> GQLPatchError {
        let timeoutText = timeout == timeout.rounded() ? String(timeout.saturated(to: Int.self)) : String(timeout)
        switch CURLcode(UInt32(code)) {
        case CURLE_OPERATION_TIMEDOUT:
            return GQLPatchError(.unavailable, "request to \(host) timed out after \(timeoutText) s")
        case CURLE_COULDNT_CONNECT:
            let reason = osErrno == Int(ECONNREFUSED) ? "connection refused" : detail
            return GQLPatchError(.unavailable, "cannot connect to \(host): \(reason)")
        case CURLE_COULDNT_RESOLVE_HOST:
            return GQLPatchError(.unavailable, "cannot find host \(host)")
        case CURLE_GOT_NOTHING:
            return GQLPatchError(.unavailable, "the connection to \(host) closed without a valid HTTP response")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            return GQLPatchError(.unavailable, "the connection to \(host) was lost before a response arrived")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
            return GQLPatchError(.badResponse, "the response from \(host) is not valid HTTP")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS:
            return GQLPatchError(.unavailable, "TLS connection to \(host) failed: \(detail)")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .configuration("endpoint for \(host) is not a valid http or https URL: \(detail)")
        default:
            return GQLPatchError(.unavailable, "request to \(host) failed: \(detail)")
        }
    }
}
