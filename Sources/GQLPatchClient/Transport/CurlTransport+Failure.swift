import CCurl
import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#endif

extension CurlTransport {
    /// How far a failed transfer got.
    public enum Stage: Sendable {
        /// Nothing went out: no connection, or it failed before the request was sent.
        case notSent
        /// The request went out (or began to); no status line came back.
        case sent
        /// A status line came back; the response broke off or broke the rules after it.
        case answering
    }

    /// The error for a transfer curl gave up on: what went wrong, in the words the rest of gqlpatch
    /// expects, with `notConnected` for a connection never made (which the retry policy reads).
    /// From `.sent` on the server may have acted on the request (`requestMayHaveArrived`); a response
    /// that began and then broke (a short body, bad chunked encoding, a header line past libcurl's
    /// limit, an HTTP/0.9 answer) is a protocol error (76), not a lost connection.
    /// `url`, when known, is named where it tells the user what to check (a refused connection, a
    /// TLS handshake answered in plain HTTP).
    package static func failure(
        code: Int, osErrno: Int, detail: String, host: String, timeout: Double, stage: Stage = .notSent,
        url: String? = nil
    ) -> GQLPatchError {
        var error = plainFailure(
            code: code, osErrno: osErrno, detail: detail, host: host, timeout: timeout, stage: stage, url: url)
        error.requestMayHaveArrived = stage != .notSent
        let code = CURLcode(UInt32(code))
        error.notConnected = stage == .notSent && (code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST)
        return error
    }

    private static func plainFailure(
        code: Int, osErrno: Int, detail: String, host: String, timeout: Double, stage: Stage, url: String?
    ) -> GQLPatchError {
        let timeoutText = timeout == timeout.rounded() ? String(timeout.saturated(to: Int.self)) : String(timeout)
        let curlCode = CURLcode(UInt32(code))
        if stage != .notSent {
            switch curlCode {
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
                return GQLPatchError(.badResponse, "the response from \(host) is not valid HTTP: \(detail)")
            case CURLE_OUT_OF_MEMORY:
                // libcurl's buffer for one header line (100 KB) ran out.
                return GQLPatchError(
                    .badResponse, "the response from \(host) is not valid HTTP: its headers are too large")
            default:
                break
            }
            if stage == .answering, [CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_WRITE_ERROR].contains(curlCode) {
                return GQLPatchError(.badResponse, "the response from \(host) broke off or is malformed: \(detail)")
            }
        }
        switch curlCode {
        case CURLE_OPERATION_TIMEDOUT:
            return GQLPatchError(.unavailable, "request to \(host) timed out after \(timeoutText) s")
        case CURLE_COULDNT_CONNECT:
            guard osErrno == Int(ECONNREFUSED) else {
                return GQLPatchError(.unavailable, "cannot connect to \(host): \(detail)")
            }
            // Where it went and what to check.
            guard let url, let target = AWSEndpointURL(url) else {
                return GQLPatchError(.unavailable, "cannot connect to \(host): connection refused")
            }
            return GQLPatchError(
                .unavailable,
                "cannot connect to \(host) port \(target.port ?? (target.scheme == "https" ? 443 : 80)): connection refused "
                    + "(endpoint \(Redactor.url(url))); is the server running, and is that its address?")
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
            // OpenSSL's words when the answer to its hello is not TLS: a plain-http server.
            let plain =
                detail.contains("wrong version number") || detail.contains("packet length too long")
                ? "; the server answered in plain HTTP: is the endpoint http:// rather than https://?" : ""
            return GQLPatchError(.unavailable, "TLS connection to \(host) failed: \(detail)\(plain)")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .configuration("endpoint for \(host) is not a valid http or https URL: \(detail)")
        default:
            return GQLPatchError(.unavailable, "request to \(host) failed: \(detail)")
        }
    }
}
